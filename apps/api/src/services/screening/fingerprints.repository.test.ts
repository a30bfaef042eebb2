import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from './contract-test-db';
import { createFingerprintsRepository } from './fingerprints.repository';

const match = (matchId: number, coverage: number, fullCopy = false) => ({
  matchId,
  coverage,
  matchCoverage: coverage / 2,
  ranges: JSON.stringify([[0, 10, 5, 15]]),
  fullCopy,
});

onBothDatabases('the fingerprints repository', (data) => {
  it('stores summaries with a growing sequence; a re-processed video gets a new one', async () => {
    const s = seed(data());
    const repo = createFingerprintsRepository(data());
    const [a, b] = [await s.video(), await s.video()];
    const summary = { hi: 0xffffffff, lo: 1, seconds: 60 };
    await repo.saveMatches({ videoId: a, matches: [], summary, now: NOW });
    await repo.saveMatches({ videoId: b, matches: [], summary: { ...summary, hi: 2 }, now: NOW });
    expect(await repo.summariesSince(-1, 10)).toEqual([
      { id: a, hi: 0xffffffff, lo: 1, seq: 1 },
      { id: b, hi: 2, lo: 1, seq: 2 },
    ]);
    expect(await repo.summariesSince(0, 1)).toEqual([{ id: a, hi: 0xffffffff, lo: 1, seq: 1 }]);
    await repo.saveMatches({ videoId: a, matches: [], summary: { ...summary, lo: 7 }, now: NOW + 1 });
    expect(await repo.summariesSince(2, 10)).toEqual([{ id: a, hi: 0xffffffff, lo: 7, seq: 3 }]);
  });

  it('gives concurrent writers distinct, increasing sequence numbers', async () => {
    const s = seed(data());
    const repo = createFingerprintsRepository(data());
    const videos: number[] = [];
    for (let i = 0; i < 12; i++) videos.push(await s.video());
    // On PostgreSQL these run on several pooled connections at once.
    await Promise.all(
      videos.map((videoId, i) =>
        repo.saveMatches({ videoId, matches: [], summary: { hi: i, lo: i, seconds: 1 }, now: NOW }),
      ),
    );
    const seqs = (await repo.summariesSince(-1, 100)).map((r) => r.seq);
    expect(seqs).toEqual(videos.map((_, i) => i + 1));
  });

  it("replaces a video's matches and reads them from both sides, quarantined videos left out", async () => {
    const s = seed(data());
    const repo = createFingerprintsRepository(data());
    const [original, copy, partial, held] = [
      await s.video({ title: 'Original' }),
      await s.video(),
      await s.video(),
      await s.video({ status_id: 8 }),
    ];
    const summary = { hi: 1, lo: 2, seconds: 60 };
    await repo.saveMatches({ videoId: copy, matches: [match(held, 0.5)], summary, now: NOW });
    await repo.saveMatches({ videoId: copy, matches: [match(original, 0.95, true)], summary, now: NOW });
    await repo.saveMatches({ videoId: partial, matches: [match(original, 0.3)], summary, now: NOW });
    expect(await repo.matchesOf(copy, 5)).toEqual([
      {
        videoId: original,
        title: 'Original',
        dir: expect.any(String),
        statusId: 1,
        coverage: 0.95,
        otherCoverage: 0.475,
        fullCopy: true,
        later: false,
        ranges: '[[0,10,5,15]]',
      },
    ]);
    const fromOriginal = await repo.matchesOf(original, 5);
    expect(fromOriginal.map((m) => [m.videoId, m.coverage, m.fullCopy, m.later])).toEqual([
      [copy, 0.475, false, true],
      [partial, 0.15, false, true],
    ]);
    expect(await repo.matchesOf(original, 1)).toHaveLength(1);
    expect(await repo.copiesOf(original)).toEqual([copy, partial].sort((x, y) => x - y));
    expect(await repo.copiesOf(copy)).toEqual([original]);
    expect(await repo.fullCopiesAmong([copy, partial])).toEqual([{ id: copy, of: original }]);
    expect(await repo.fullCopiesAmong([])).toEqual([]);
    // A copy of a quarantined video is not held for it.
    await data().db.updateTable('videos').set({ status_id: 8 }).where('id', '=', original).execute();
    expect(await repo.fullCopiesAmong([copy])).toEqual([]);
    expect(await repo.matchesOf(copy, 5)).toEqual([]);
  });

  it('finds the media of videos that are not deleted', async () => {
    const s = seed(data());
    const repo = createFingerprintsRepository(data());
    const live = await s.video({ media_path: 'uploads/1' });
    const gone = await s.video({ media_path: 'uploads/2', status_id: 5 });
    expect(await repo.mediaPathOf(live)).toBe('uploads/1');
    expect(await repo.mediaPathOf(gone)).toBeNull();
    expect(await repo.mediaPathOf(99_999)).toBeNull();
  });

  it('lists processed videos without a stored summary, for the backfill', async () => {
    const s = seed(data());
    const repo = createFingerprintsRepository(data());
    const indexed = await s.video({ media_path: 'uploads/1' });
    const todo = await s.video({ media_path: 'uploads/2', status_id: 2 });
    await s.video();
    await s.video({ media_path: 'uploads/3', status_id: 5 });
    await s.video({ media_path: 'uploads/4', status_id: 8 });
    const later = await s.video({ media_path: 'uploads/5' });
    await repo.saveMatches({
      videoId: indexed,
      matches: [],
      summary: { hi: 1, lo: 1, seconds: 1 },
      now: NOW,
    });
    expect(await repo.unindexed(10)).toEqual([
      { id: todo, media_path: 'uploads/2' },
      { id: later, media_path: 'uploads/5' },
    ]);
    expect(await repo.unindexed(1)).toEqual([{ id: todo, media_path: 'uploads/2' }]);
  });
});
