import { expect, it } from 'vitest';
import type { AuditRow } from '../audit/audit-entry';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createCaptionsRepository } from './captions.repository';

const VTT = 'WEBVTT\n\n00:00.000 --> 00:01.000\nÉté\n';

onBothDatabases('the captions repository', (data) => {
  const entry = (action: string, before: unknown): AuditRow => ({
    actor_id: null,
    action,
    target_type: 'video',
    target_id: null,
    reason: null,
    before: JSON.stringify(before),
    after: null,
    created_at: NOW,
  });
  const track = () =>
    data().db.selectFrom('video_captions').select(['lang', 'vtt', 'updated_at']).executeTakeFirst();

  it('knows which videos exist and are not deleted', async () => {
    const s = seed(data());
    const repo = createCaptionsRepository(data());
    expect(await repo.videoExists(await s.video())).toBe(true);
    expect(await repo.videoExists(await s.video({ status_id: 5 }))).toBe(false);
    expect(await repo.videoExists(99_999)).toBe(false);
  });

  it('sets and replaces a track, its version always moving forward, each change audited with the one before', async () => {
    const s = seed(data());
    const repo = createCaptionsRepository(data());
    const video = await s.video();
    const befores: unknown[] = [];
    const set = (lang: string, vtt: string, now: number) =>
      repo.set({
        videoId: video,
        lang,
        vtt,
        now,
        audit: (before) => {
          befores.push(before);
          return entry('captions.set', before);
        },
      });
    await set('fr', VTT, NOW);
    expect(await track()).toEqual({ lang: 'fr', vtt: VTT, updated_at: NOW });
    // Bytes, not characters: É and é are two bytes each in UTF-8.
    expect(await repo.current(video)).toEqual({ lang: 'fr', bytes: Buffer.byteLength(VTT) });
    await set('en', 'WEBVTT\n', NOW);
    expect(await track()).toEqual({ lang: 'en', vtt: 'WEBVTT\n', updated_at: NOW + 1 });
    await set('de', 'WEBVTT\n', NOW + 100);
    expect((await track())?.updated_at).toBe(NOW + 100);
    expect(befores).toEqual([null, { lang: 'fr', bytes: Buffer.byteLength(VTT) }, { lang: 'en', bytes: 7 }]);
    expect(await s.auditActions()).toEqual(['captions.set', 'captions.set', 'captions.set']);
  });

  it('removes a track once, audited; a failed audit entry keeps the track', async () => {
    const s = seed(data());
    const repo = createCaptionsRepository(data());
    const video = await s.video();
    await repo.set({
      videoId: video,
      lang: 'en',
      vtt: VTT,
      now: NOW,
      audit: () => entry('captions.set', null),
    });
    await expect(
      repo.remove(video, () => ({ ...entry('captions.remove', null), action: null as unknown as string })),
    ).rejects.toThrow();
    expect(await track()).toBeDefined();
    expect(await repo.remove(video, (before) => entry('captions.remove', before))).toBe(true);
    expect(await repo.remove(video, (before) => entry('captions.remove', before))).toBe(false);
    expect(await repo.current(video)).toBeNull();
    expect(await s.auditActions()).toEqual(['captions.set', 'captions.remove']);
  });
});
