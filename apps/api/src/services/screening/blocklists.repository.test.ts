import { expect, it } from 'vitest';
import type { AuditRow } from '../audit/audit-entry';
import { createBlocklistsRepository } from './blocklists.repository';
import { NOW, onBothDatabases, seed } from './contract-test-db';

const entry = (action: string, targetId: number | null, actorId: number | null = null): AuditRow => ({
  actor_id: actorId,
  action,
  target_type: 'blocklist',
  target_id: targetId,
  reason: null,
  before: null,
  after: JSON.stringify({ ok: true }),
  created_at: NOW,
});

onBothDatabases('the blocklists repository', (data) => {
  it('imports a large digest list in batches, duplicates once, and finds its digests', async () => {
    const s = seed(data());
    const repo = createBlocklistsRepository(data());
    const admin = await s.member({ role: 'admin', name: 'Ada' });
    // More rows than one statement carries (6,000 parameters / 3 columns): several batches, one transaction.
    const digests = Array.from(
      { length: 5_000 },
      (_, i) => ['md5', i.toString(16).padStart(32, '0')] as const,
    );
    const listId = await repo.importList({
      name: 'NCMEC',
      entries: { kind: 'file', digests: [...digests, ['sha1', 'a'.repeat(40)], digests[0]!] },
      count: digests.length + 2,
      actorId: admin,
      now: NOW,
      audit: (id) => entry('blocklist.import', id, admin),
    });
    const { n } = await data()
      .db.selectFrom('blocklist_hashes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(5_001);
    expect(await repo.digestKinds()).toEqual(['md5', 'sha1']);
    expect(await repo.listOfDigest('md5', digests[4_999]![1])).toBe(listId);
    expect(await repo.listOfDigest('sha256', digests[0]![1])).toBeNull();
    expect(await repo.lists()).toEqual([
      { id: listId, name: 'NCMEC', kind: 'file', entries: 5_002, createdAt: NOW, importedBy: 'Ada' },
    ]);
    expect(await s.auditActions()).toEqual(['blocklist.import']);
  });

  it('imports fingerprints and reads their summaries in id order', async () => {
    const repo = createBlocklistsRepository(data());
    const admin = await seed(data()).member({ role: 'admin' });
    const fingerprints = [
      { label: 'one', hi: 0xffffffff, lo: 0, seconds: Buffer.from([1, 2, 3]) },
      { label: 'two', hi: 5, lo: 6, seconds: Buffer.from([4]) },
    ];
    const listId = await repo.importList({
      name: 'perceptual',
      entries: { kind: 'fingerprint', fingerprints },
      count: 2,
      actorId: admin,
      now: NOW,
      audit: (id) => entry('blocklist.import', id, admin),
    });
    const rows = await repo.fingerprintSummariesSince(-1, 10);
    expect(rows.map((r) => [r.hi, r.lo, r.id === r.seq])).toEqual([
      [0xffffffff, 0, true],
      [5, 6, true],
    ]);
    expect(await repo.fingerprintSummariesSince(rows[0]!.seq, 10)).toEqual([rows[1]]);
    const one = await repo.fingerprint(rows[0]!.id);
    expect(one).toMatchObject({ list_id: listId, label: 'one' });
    expect(Buffer.from(one!.seconds)).toEqual(Buffer.from([1, 2, 3]));
    expect(await repo.fingerprint(99_999)).toBeUndefined();
  });

  it('rolls back an import whose audit entry fails: no list, no entries', async () => {
    const repo = createBlocklistsRepository(data());
    const bad = { ...entry('blocklist.import', null), action: null as unknown as string };
    await expect(
      repo.importList({
        name: 'broken',
        entries: { kind: 'file', digests: [['md5', 'b'.repeat(32)]] },
        count: 1,
        actorId: await seed(data()).member(),
        now: NOW,
        audit: () => bad,
      }),
    ).rejects.toThrow();
    expect(await repo.lists()).toEqual([]);
    expect(await repo.digestKinds()).toEqual([]);
  });

  it('removes a list with its entries; quarantined videos keep their entry', async () => {
    const s = seed(data());
    const repo = createBlocklistsRepository(data());
    const admin = await s.member();
    const listId = await repo.importList({
      name: 'gone soon',
      entries: { kind: 'file', digests: [['sha256', 'c'.repeat(64)]] },
      count: 1,
      actorId: admin,
      now: NOW,
      audit: (id) => entry('blocklist.import', id),
    });
    const video = await s.video();
    await repo.quarantine({
      videoId: video,
      listId,
      matched: 'x',
      now: NOW,
      audit: () => entry('video.quarantine', video),
    });
    expect(await repo.removeList(listId, () => entry('blocklist.remove', listId))).toBe(true);
    expect(await repo.removeList(listId, () => entry('blocklist.remove', listId))).toBe(false);
    expect(await repo.listOfDigest('sha256', 'c'.repeat(64))).toBeNull();
    expect(await repo.lists()).toEqual([]);
    expect((await repo.quarantined(10)).map((q) => [q.video_id, q.list])).toEqual([[video, null]]);
    expect(await s.auditActions()).toEqual(['blocklist.import', 'video.quarantine', 'blocklist.remove']);
  });

  it('quarantines once, with the status change and its audit entry, and lists the held videos', async () => {
    const s = seed(data());
    const repo = createBlocklistsRepository(data());
    const uploader = await s.member({ name: 'Uploader' });
    const [first, second] = [
      await s.video({ title: 'First', uploader_id: uploader, status_id: 2, media_path: 'uploads/1' }),
      await s.video({ title: 'Second', status_id: 6 }),
    ];
    const befores: (number | null)[] = [];
    const hold = (videoId: number, now: number) =>
      repo.quarantine({
        videoId,
        listId: null,
        matched: `md5:${videoId}`,
        now,
        audit: (before) => {
          befores.push(before);
          return entry('video.quarantine', videoId);
        },
      });
    expect(await hold(first, NOW)).toBe('First');
    expect(await hold(first, NOW + 5)).toBeNull();
    expect(await hold(second, NOW + 1)).toBe('Second');
    expect(befores).toEqual([2, 6]);
    expect([await s.statusOf(first), await s.statusOf(second)]).toEqual([8, 8]);
    expect(await repo.held(first)).toEqual({
      video_id: first,
      state: 'held',
      media_path: 'uploads/1',
      status_id: 8,
      title: 'First',
    });
    expect(await repo.held(99_999)).toBeUndefined();
    expect(await repo.countHeld()).toBe(2);
    expect(await repo.quarantined(10)).toEqual([
      {
        video_id: first,
        title: 'First',
        uploader_id: uploader,
        uploader_name: 'Uploader',
        added_at: NOW,
        created_at: NOW,
        matched: `md5:${first}`,
        list: null,
      },
      expect.objectContaining({ video_id: second, uploader_id: null, uploader_name: null }),
    ]);
    expect(await repo.quarantined(1)).toHaveLength(1);
    expect(await s.auditActions()).toEqual(['video.quarantine', 'video.quarantine']);
  });

  it('releases and deletes held videos, each with its audit entry', async () => {
    const s = seed(data());
    const repo = createBlocklistsRepository(data());
    const admin = await s.member();
    const [kept, deleted] = [
      await s.video({ media_path: 'uploads/7' }),
      await s.video({ media_path: 'uploads/8' }),
    ];
    for (const v of [kept, deleted])
      await repo.quarantine({
        videoId: v,
        listId: null,
        matched: 'm',
        now: NOW,
        audit: () => entry('video.quarantine', v),
      });
    await repo.decide({
      videoId: kept,
      state: 'released',
      statusId: 2,
      actorId: admin,
      now: NOW + 10,
      audit: entry('quarantine.release', kept, admin),
    });
    await repo.decide({
      videoId: deleted,
      state: 'deleted',
      statusId: 5,
      actorId: admin,
      now: NOW + 11,
      audit: entry('quarantine.delete', deleted, admin),
    });
    expect(await repo.held(kept)).toMatchObject({ state: 'released', status_id: 2, media_path: 'uploads/7' });
    expect(await repo.held(deleted)).toMatchObject({ state: 'deleted', status_id: 5, media_path: null });
    const q = await data()
      .db.selectFrom('quarantine')
      .select(['decided_by', 'decided_at'])
      .orderBy('video_id')
      .execute();
    expect(q).toEqual([
      { decided_by: admin, decided_at: NOW + 10 },
      { decided_by: admin, decided_at: NOW + 11 },
    ]);
    expect(await repo.countHeld()).toBe(0);
    expect((await s.auditActions()).slice(2)).toEqual(['quarantine.release', 'quarantine.delete']);
  });

  it('reads what the alerts and the clean-up need: admins, media paths, kept uploads', async () => {
    const s = seed(data());
    const repo = createBlocklistsRepository(data());
    const admin = await s.member({ role: 'admin', status: 'active', email: 'ada@example.test' });
    await s.member({ role: 'admin', status: 'suspended' });
    await s.member({ role: 'moderator', status: 'active' });
    await data().db.insertInto('notification_prefs').values({ member_id: admin, lang: 'de' }).execute();
    expect(await repo.adminRecipients()).toEqual([{ email: 'ada@example.test', lang: 'de' }]);
    const video = await s.video({ media_path: 'uploads/3' });
    expect(await repo.mediaPathOf(video)).toBe('uploads/3');
    expect(await repo.mediaPathOf(99_999)).toBeNull();
    const owner = await s.member();
    const upload = (id: string, videoId: number | null) =>
      data()
        .db.insertInto('uploads')
        .values({
          id,
          member_id: owner,
          kind: 'video',
          filename: 'a.mp4',
          size: 1,
          video_id: videoId,
          created_at: NOW,
          updated_at: NOW,
          expires_at: NOW,
        })
        .execute();
    await upload('u1', video);
    await upload('u2', null);
    expect(await repo.uploadsOf(video)).toEqual(['u1']);
  });
});
