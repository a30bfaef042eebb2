import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createProvenanceRepository } from './provenance.repository';
import type { Provenance } from './provenance-rules';

const RECORD: Provenance = {
  year: 1972,
  decade: 1970,
  studio: 'Studio',
  rightsHolder: 'Holder',
  licenceBasis: 'licensed',
  originalFormat: '16mm',
  recordsRef: 'R-1',
};

onBothDatabases('the provenance repository', (data) => {
  it('writes, replaces and removes a record, the year and decade following on videos', async () => {
    const s = seed(data());
    const repo = createProvenanceRepository(data());
    const uploader = await s.member();
    const video = await s.video({ uploader_id: uploader, status_id: 2 });
    expect(await repo.get(video)).toBeNull();
    expect(await repo.video(video)).toEqual({ id: video, status_id: 2, uploader_id: uploader });
    expect(await repo.video(99_999)).toBeUndefined();
    await repo.write({ videoId: video, record: RECORD, actorId: uploader, now: NOW });
    expect(await repo.get(video)).toEqual(RECORD);
    const dates = () =>
      data()
        .db.selectFrom('videos')
        .select(['production_year', 'production_decade'])
        .where('id', '=', video)
        .executeTakeFirstOrThrow();
    expect(await dates()).toEqual({ production_year: 1972, production_decade: 1970 });
    const changed = { ...RECORD, year: null, studio: null, licenceBasis: null };
    await repo.write({ videoId: video, record: changed, actorId: null, now: NOW + 1 });
    expect(await repo.get(video)).toEqual(changed);
    const stored = await data()
      .db.selectFrom('video_provenance')
      .select(['updated_at', 'updated_by'])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ updated_at: NOW + 1, updated_by: null });
    expect(await dates()).toEqual({ production_year: null, production_decade: 1970 });
    await repo.write({ videoId: video, record: null, actorId: uploader, now: NOW + 2 });
    expect(await repo.get(video)).toBeNull();
    expect(await dates()).toEqual({ production_year: null, production_decade: null });
    expect(await s.auditActions()).toEqual([]);
  });

  it('writes the audit entry with the record, or neither', async () => {
    const s = seed(data());
    const repo = createProvenanceRepository(data());
    const video = await s.video();
    const audit = {
      actor_id: null,
      action: 'provenance.set',
      target_type: 'video',
      target_id: video,
      reason: null,
      before: null,
      after: JSON.stringify(RECORD),
      created_at: NOW,
    };
    await repo.write({ videoId: video, record: RECORD, actorId: null, now: NOW, audit });
    expect(await s.auditActions()).toEqual(['provenance.set']);
    await expect(
      repo.write({
        videoId: video,
        record: { ...RECORD, studio: 'Other' },
        actorId: null,
        now: NOW,
        audit: { ...audit, action: null as unknown as string },
      }),
    ).rejects.toThrow();
    expect(await repo.get(video)).toEqual(RECORD);
    expect(await s.auditActions()).toEqual(['provenance.set']);
  });
});
