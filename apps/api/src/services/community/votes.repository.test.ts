import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from './community-test-db';
import { createVotesRepository } from './votes.repository';

onBothDatabases('the votes repository', (data) => {
  const counters = (table: 'videos' | 'albums', id: number) =>
    data()
      .db.selectFrom(table)
      .select(['likes', 'dislikes', 'rating'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('knows what is votable: public, approved videos and albums', async () => {
    const s = seed(data());
    const repo = createVotesRepository(data());
    const video = await s.video();
    const pending = await s.video({ status_id: 2 });
    const hidden = await s.album({ is_private: 1 });
    expect(await repo.votable('videos', video)).toBe(true);
    expect(await repo.votable('videos', pending)).toBe(false);
    expect(await repo.votable('albums', hidden)).toBe(false);
    expect(await repo.votable('albums', await s.album())).toBe(true);
    expect(await repo.votable('videos', 9999)).toBe(false);
  });

  it('counts one vote per member and object and keeps the rating', async () => {
    const s = seed(data());
    const repo = createVotesRepository(data());
    const [a, b] = [await s.member(), await s.member()];
    const video = await s.video();
    const vote = (memberId: number, v: 0 | 1) =>
      repo.vote({ table: 'videos', section: 'video', objectId: video, memberId, vote: v, now: NOW });
    expect(await vote(a, 1)).toEqual({ likes: 1, dislikes: 0, rating: 3.33 });
    expect(await vote(a, 0)).toBeNull();
    expect(await vote(b, 0)).toEqual({ likes: 1, dislikes: 1, rating: 2.5 });
    expect(await counters('videos', video)).toEqual({ likes: 1, dislikes: 1, rating: 2.5 });
    const votes = await data().db.selectFrom('votes').selectAll().orderBy('member_id').execute();
    expect(votes).toEqual([
      { section: 'video', object_id: video, member_id: a, vote: 1, created_at: NOW },
      { section: 'video', object_id: video, member_id: b, vote: 0, created_at: NOW },
    ]);
  });

  it('counts concurrent votes on one album each once', async () => {
    const s = seed(data());
    const repo = createVotesRepository(data());
    const album = await s.album();
    const members = await Promise.all(Array.from({ length: 6 }, () => s.member()));
    const results = await Promise.all(
      members.map((memberId, i) =>
        repo.vote({
          table: 'albums',
          section: 'album',
          objectId: album,
          memberId,
          vote: i % 3 ? 1 : 0,
          now: NOW,
        }),
      ),
    );
    expect(results.every((r) => r !== null)).toBe(true);
    expect(await counters('albums', album)).toEqual({ likes: 4, dislikes: 2, rating: 3.13 });
  });
});
