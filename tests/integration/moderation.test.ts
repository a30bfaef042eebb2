import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { bucketOf } from '../../apps/api/src/services/media/media-urls.service';
import { videoIdsOf } from '../../apps/api/src/services/moderation/takedowns.service';
import { appRouter } from '../../apps/api/src/trpc/root';
import { createTestApp, TEST_MEDIA, type TestApp } from './helpers/test-app';

const LATEST = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';
const videoJson = (id: number) => `/api/json/video/86400/${bucketOf(id)}/${id}.json`;
const search = (s: string) =>
  `/api/videos2.php?params=600/straight/relevance/20/all..1.all.0.all&s=${encodeURIComponent(s)}`;

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let admin: string;
let moderator: string;
let member: string;
let uploaderId: number;
let uploader: string;
let adminId: number;
let moderatorId: number;

/** Calls a tRPC procedure the way the browser does; mutations POST JSON with the site's Origin. */
async function trpc(path: string, input: unknown, cookie?: string, method: 'GET' | 'POST' = 'POST') {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method === 'GET') {
    const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return sut.json(`/trpc/${path}${q}`, { headers });
  }
  return sut.json(`/trpc/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: sut.config.publicOrigin },
    body: JSON.stringify(input ?? {}),
  });
}
const query = (path: string, input: unknown, cookie?: string) => trpc(path, input, cookie, 'GET');
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;

let seq = 0;
/** A processed upload waiting for a moderator (what media.ingest leaves behind). */
function pendingVideo(title = `Pending Reel ${++seq}`, opts: { addedAt?: number; status?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return Number(
    sqlite
      .prepare(
        `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id, media_path,
           duration_sec, width, height, timeline_count, timeline_interval, content_hash)
         VALUES (?, ?, 'An invented home movie.', ?, 'straight', ?, ?, ?, ?, 700, 640, 360, 2, 5, ?)`,
      )
      .run(
        title.toLowerCase().replaceAll(' ', '-'),
        title,
        opts.status ?? 2,
        now,
        opts.addedAt ?? now,
        uploaderId,
        TEST_MEDIA,
        `hash-${title}`,
      ).lastInsertRowid,
  );
}

const drainJobs = () =>
  createWorker({
    queue: sut.services.jobs,
    handlers: createJobHandlers(sut.services),
    log: pino({ level: 'silent' }),
  }).drain();

const statusOf = (id: number) =>
  sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(id) as number;
const auditOf = (action: string, targetId: number) =>
  sqlite
    .prepare('SELECT actor_id, reason, before, after FROM audit_log WHERE action = ? AND target_id = ?')
    .all(action, targetId) as { actor_id: number; reason: string; before: string; after: string }[];

beforeAll(async () => {
  sut = createTestApp({ videos: 120 });
  sqlite = sut.db.$client;
  adminId = await sut.createMember('chief');
  moderatorId = await sut.createMember('warden');
  await sut.createMember('regular');
  uploaderId = await sut.createMember('reeler');
  sqlite.prepare("UPDATE members SET role = 'admin' WHERE id = ?").run(adminId);
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(moderatorId);
  admin = await sut.signIn('chief');
  moderator = await sut.signIn('warden');
  member = await sut.signIn('regular');
  uploader = await sut.signIn('reeler');
});
afterAll(() => sut.close());

describe('permissions', () => {
  const procedures = Object.entries(
    appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>,
  )
    .filter(([name]) => name.startsWith('moderation.'))
    .map(([name, p]) => [name, p._def.type] as const);

  it('covers every moderation procedure', () => {
    expect(procedures.length).toBeGreaterThanOrEqual(15);
  });

  it.each(procedures)('%s answers visitors and members like a missing page', async (name, type) => {
    for (const cookie of [undefined, member, uploader]) {
      const r = await trpc(
        name.replace(/^moderation\./, 'moderation.'),
        {},
        cookie,
        type === 'query' ? 'GET' : 'POST',
      );
      expect(r.res.status, `${name} as ${cookie ?? 'visitor'}`).toBe(404);
    }
  });

  it('keeps the admin procedures from moderators', async () => {
    for (const [name, type] of [
      ['moderation.audit', 'GET'],
      ['moderation.staff', 'GET'],
      ['moderation.setModerator', 'POST'],
    ] as const) {
      const r = await trpc(
        name,
        type === 'GET' ? undefined : { memberId: uploaderId, moderator: true },
        moderator,
        type,
      );
      expect(r.res.status, name).toBe(404);
    }
    expect((await query('moderation.audit', {}, admin)).res.status).toBe(200);
  });

  it('a signed HLS location opens its own directory only', async () => {
    const { url } = sut.services.urls.signedHls(TEST_MEDIA);
    expect((await sut.request(url)).status).toBe(200);
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    for (const sneaky of [
      '..%2F..%2Fuploads%2F1%2Fmaster.m3u8',
      '..%2Fclip-1%2Fmaster.m3u8',
      '360p//index.m3u8',
    ])
      expect((await sut.request(base + sneaky)).status, sneaky).toBe(404);
  });

  it('serves pending media and the moderators’ VTT to staff and the uploader only', async () => {
    const id = pendingVideo();
    // Pending uploads live under uploads/{id}/; the fake media is elsewhere, so point one at it.
    sqlite.prepare("UPDATE videos SET media_path = 'uploads/' || id WHERE id = ?").run(id);
    mkdirSync(join(sut.config.mediaDir, 'uploads', String(id)), { recursive: true });
    writeFileSync(
      join(sut.config.mediaDir, 'uploads', String(id), 'thumb.jpg'),
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
    );
    const thumb = `/thumbs/uploads/${id}/thumb.jpg`;
    expect((await sut.request(thumb, { headers: { cookie: uploader } })).status).toBe(200);
    expect((await sut.request(thumb, { headers: { cookie: moderator } })).headers.get('cache-control')).toBe(
      'private, no-store',
    );
    expect((await sut.request(thumb)).status).toBe(404);
    expect((await sut.request(thumb, { headers: { cookie: member } })).status).toBe(404);
    // Paths that normalise to the same file cannot skip the check.
    for (const sneaky of [
      `/thumbs/uploads//${id}/thumb.jpg`,
      `/thumbs/x%2F..%2Fuploads/${id}/thumb.jpg`,
      '/thumbs/%E0%A4%A',
    ])
      expect((await sut.request(sneaky)).status, sneaky).toBe(404);
    // Listed, a member's upload is public but revalidated within the hour: a takedown must not stay cached.
    sqlite.prepare('UPDATE videos SET status_id = 1 WHERE id = ?').run(id);
    const listed = await sut.request(thumb);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');
    const etag = listed.headers.get('etag') ?? '';
    expect((await sut.request(thumb, { headers: { 'if-none-match': etag } })).status).toBe(304);
    sqlite.prepare('UPDATE videos SET status_id = 2 WHERE id = ?').run(id);
    sqlite.prepare('UPDATE videos SET media_path = ? WHERE id = ?').run(TEST_MEDIA, id);
    const vtt = `/api/moderation/timeline/${id}.vtt`;
    expect((await sut.request(vtt)).status).toBe(404);
    expect((await sut.request(vtt, { headers: { cookie: member } })).status).toBe(404);
    const ok = await sut.request(vtt, { headers: { cookie: moderator } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain(`/thumbs/${TEST_MEDIA}/sprites/sprite-001.jpg#xywh=0,0,160,90`);
    sqlite.prepare('UPDATE videos SET status_id = 4 WHERE id = ?').run(id);
  });
});

describe('the queue', () => {
  it('lists pending items oldest first with history, progress and duplicate hints', async () => {
    sqlite.prepare('UPDATE videos SET status_id = 4 WHERE status_id IN (2, 3, 6)').run();
    const old = pendingVideo('Oldest Reel', { addedAt: 1000 });
    const processing = pendingVideo('Still Encoding', { status: 3 });
    const twin = pendingVideo('Twin Of A Deleted One');
    const deleted = pendingVideo('Deleted Original', { status: 5 });
    sqlite.prepare('UPDATE videos SET content_hash = ? WHERE id = ?').run('same-bytes', twin);
    sqlite.prepare('UPDATE videos SET content_hash = ? WHERE id = ?').run('same-bytes', deleted);
    const { items, total } = data(await query('moderation.queue', undefined, moderator));
    expect(total).toBe(3);
    expect(items[0]).toMatchObject({ kind: 'video', id: old, state: 'ready', uploader: { name: 'reeler' } });
    expect(items[0].media.hls).toMatch(/^\/media\/\d+\/[\w-]+\/.+\/master\.m3u8$/);
    expect(items[0].media.timelineVtt).toBe(`/api/moderation/timeline/${old}.vtt`);
    expect(items[0].history).toEqual({ approved: 0, rejected: 1, takenDown: 1 });
    expect(items.find((i: { id: number }) => i.id === processing)).toMatchObject({
      state: 'processing',
      media: null,
    });
    const hints = items.find((i: { id: number }) => i.id === twin).duplicates;
    expect(hints).toContainEqual({
      videoId: deleted,
      title: 'Deleted Original',
      statusId: 5,
      kind: 'same_file',
    });
    sqlite.prepare('UPDATE videos SET status_id = 4 WHERE id IN (?, ?, ?)').run(old, processing, twin);
  });
});

describe('decisions', () => {
  it('approval publishes: listings, the video JSON, search, the uploader’s notification and the audit', async () => {
    const id = pendingVideo('Quokka Holiday Reel');
    // Warm the shared caches first: approval must purge them.
    const before = (await sut.json(LATEST)).body;
    expect(before.videos.some((v: { video_id: number }) => v.video_id === id)).toBe(false);
    expect((await sut.json(videoJson(id))).res.status).toBe(404);

    const r = await trpc('moderation.approve', { keys: [`video:${id}`] }, moderator);
    expect(data(r)).toEqual({ done: [`video:${id}`], skipped: [] });
    expect(statusOf(id)).toBe(1);
    expect((await sut.json(LATEST)).body.videos[0].video_id).toBe(id);
    expect((await sut.json(videoJson(id))).body.video.title).toBe('Quokka Holiday Reel');
    await drainJobs();
    expect((await sut.json(search('quokka'))).body.videos[0].title).toBe('Quokka Holiday Reel');

    const notes = data(await query('me.notifications', undefined, uploader));
    expect(notes.items[0]).toMatchObject({ kind: 'video_approved', unread: true, params: { id } });
    expect(auditOf('video.approve', id)).toEqual([
      expect.objectContaining({ actor_id: moderatorId, before: '{"status_id":2}', after: '{"status_id":1}' }),
    ]);
    // A second approval (another moderator was faster) changes nothing.
    expect(data(await trpc('moderation.approve', { keys: [`video:${id}`] }, admin)).skipped).toEqual([
      `video:${id}`,
    ]);
  });

  it('rejection keeps the video hidden and tells the uploader why', async () => {
    const id = pendingVideo();
    const r = await trpc(
      'moderation.reject',
      { keys: [`video:${id}`], reason: 'poor_quality', note: 'too dark' },
      moderator,
    );
    expect(data(r).done).toEqual([`video:${id}`]);
    expect(statusOf(id)).toBe(4);
    expect((await sut.json(videoJson(id))).res.status).toBe(404);
    const mine = data(await query('uploads.mine', undefined, uploader));
    expect(Array.isArray(mine)).toBe(true);
    const notes = data(await query('me.notifications', undefined, uploader));
    expect(notes.items[0]).toMatchObject({
      kind: 'video_rejected',
      params: { reason: 'poor_quality', note: 'too dark' },
    });
    expect(auditOf('video.reject', id)[0].reason).toBe('poor_quality: too dark');
    const bad = await trpc('moderation.reject', { keys: [`video:${id}`], reason: 'because' }, moderator);
    expect(bad.res.status).toBe(400);
  });

  it('approves 100 queued videos in one request', async () => {
    const ids = Array.from({ length: 100 }, () => pendingVideo());
    const r = await trpc('moderation.approve', { keys: ids.map((id) => `video:${id}`) }, moderator);
    expect(r.res.status).toBe(200);
    expect(data(r).done).toHaveLength(100);
    expect(
      sqlite
        .prepare(`SELECT count(*) FROM videos WHERE status_id = 1 AND id IN (${ids.join(',')})`)
        .pluck()
        .get(),
    ).toBe(100);
  });

  it('approves albums and notifies', async () => {
    const albumId = Number(
      sqlite
        .prepare(
          "INSERT INTO albums (dir, title, status_id, uploader_id, photos_amount, post_date, added_at) VALUES ('pending-album', 'Pending Album', 2, ?, 3, 0, 0)",
        )
        .run(uploaderId).lastInsertRowid,
    );
    expect(data(await trpc('moderation.approve', { keys: [`album:${albumId}`] }, moderator)).done).toEqual([
      `album:${albumId}`,
    ]);
    expect(sqlite.prepare('SELECT status_id FROM albums WHERE id = ?').pluck().get(albumId)).toBe(1);
  });
});

describe('reports and takedowns', () => {
  const report = (fields: { subject?: string; targetId?: number | null; priority?: number; age?: number }) =>
    Number(
      sqlite
        .prepare(
          `INSERT INTO reports (subject, email, message, target_section, target_id, priority, created_at)
           VALUES (?, 'viewer@example.test', 'Please look at this one.', ?, ?, ?, ?)`,
        )
        .run(
          fields.subject ?? 'inappropriate',
          fields.targetId ? 'video' : null,
          fields.targetId ?? null,
          fields.priority ?? 0,
          Math.floor(Date.now() / 1000) - (fields.age ?? 60),
        ).lastInsertRowid,
    );
  const listed = () =>
    sqlite
      .prepare('SELECT id FROM videos WHERE status_id = 1 AND uploader_id IS NULL ORDER BY id DESC LIMIT 3')
      .pluck()
      .all() as number[];

  it('groups reports by target with counts, removal requests first and overdue ones flagged', async () => {
    sqlite.prepare("UPDATE reports SET status = 'dismissed'").run();
    const [a, b] = listed();
    report({ targetId: a });
    report({ targetId: a, age: 8 * 86400 });
    report({ subject: 'removal', targetId: b, priority: 1 });
    report({ subject: 'technical' });
    const { groups, counts } = data(await query('moderation.reports', undefined, moderator));
    expect(counts).toEqual({ open: 4, overdue: 1, missed: 0 });
    expect(groups[0]).toMatchObject({ key: { section: 'video', id: b }, priority: 1, count: 1 });
    expect(groups[1]).toMatchObject({ key: { section: 'video', id: a }, count: 2, overdue: true });
    expect(groups[1].video).toMatchObject({ id: a, statusId: 1 });
    expect(groups[2].key).toHaveProperty('reportId');
    const dismissed = await trpc(
      'moderation.dismiss',
      { key: groups[2].key, note: 'answered by mail' },
      moderator,
    );
    expect(data(dismissed)).toEqual({ dismissed: 1 });
  });

  it('a takedown removes the video from every listing, search and cached answer within one request', async () => {
    const id = (await sut.json(LATEST)).body.videos[0].video_id as number;
    const title = sqlite.prepare('SELECT title FROM videos WHERE id = ?').pluck().get(id) as string;
    await drainJobs();
    // Cached: the video JSON with lifetime 86400, the listing and a search.
    expect((await sut.json(videoJson(id))).body.video.status_id).not.toBe(5);
    expect((await sut.json(LATEST)).body.videos.some((v: { video_id: number }) => v.video_id === id)).toBe(
      true,
    );
    expect(
      (await sut.json(search(title))).body.videos.some((v: { video_id: number }) => v.video_id === id),
    ).toBe(true);

    const r = await trpc('moderation.takeDown', { videoId: id, note: 'reported twice' }, moderator);
    expect(r.res.status).toBe(200);
    const after = (await sut.json(videoJson(id))).body;
    expect(after.video?.status_id ?? 5).toBe(5);
    expect(JSON.stringify(after)).not.toContain('.m3u8');
    expect((await sut.json(LATEST)).body.videos.some((v: { video_id: number }) => v.video_id === id)).toBe(
      false,
    );
    expect(
      (await sut.json(search(title))).body.videos.some((v: { video_id: number }) => v.video_id === id),
    ).toBe(false);
    expect(
      sqlite.prepare("SELECT count(*) FROM reports WHERE target_id = ? AND status = 'open'").pluck().get(id),
    ).toBe(0);
    expect(auditOf('video.takedown', id)[0]).toMatchObject({
      reason: 'reported twice',
      // The removal's reason for the transparency report (ADR 0037) is kept beside the status.
      after: expect.stringContaining('"status_id":5'),
    });
  });

  it('deletes a comment and purges the cached comments', async () => {
    const [id] = listed();
    const commentId = Number(
      sqlite
        .prepare(
          "INSERT INTO comments (section, object_id, member_id, comment, added_date) VALUES ('video', ?, ?, 'A rude remark', unixepoch())",
        )
        .run(id, uploaderId).lastInsertRowid,
    );
    const path = `/api/json/comments/3600/video/${bucketOf(id)}/${id}.json`;
    expect(JSON.stringify((await sut.json(path)).body)).toContain('A rude remark');
    expect(
      (await trpc('moderation.deleteComment', { commentId, note: 'insult' }, moderator)).res.status,
    ).toBe(200);
    expect(JSON.stringify((await sut.json(path)).body)).not.toContain('A rude remark');
    expect(JSON.parse(auditOf('comment.delete', commentId)[0].before).comment).toBe('A rude remark');
  });

  it('a ban suspends the uploader, signs them out and hides their content until lifted', async () => {
    const id = pendingVideo();
    await trpc('moderation.approve', { keys: [`video:${id}`] }, moderator);
    expect((await sut.json(videoJson(id))).res.status).toBe(200);
    const r = await trpc('moderation.ban', { memberId: uploaderId, note: 'repeat offender' }, moderator);
    expect(data(r).videos).toContain(id);
    expect((await sut.json(videoJson(id))).res.status).toBe(404);
    expect((await query('me.notifications', undefined, uploader)).res.status).toBe(401);
    const login = await sut.post('/api/login.php', { usr: 'reeler', pwd: 'secret-pass' });
    expect(login.body.code).toBe('account_suspended');
    // Staff cannot be banned from the queue.
    expect((await trpc('moderation.ban', { memberId: adminId, note: '' }, moderator)).res.status).toBe(403);

    // Their pending uploads cannot be published while the ban lasts.
    const pending = pendingVideo();
    expect(data(await trpc('moderation.approve', { keys: [`video:${pending}`] }, moderator)).skipped).toEqual(
      [`video:${pending}`],
    );
    sqlite.prepare('UPDATE videos SET status_id = 4 WHERE id = ?').run(pending);
    await trpc('moderation.unban', { memberId: uploaderId, note: 'appeal accepted' }, moderator);
    expect(statusOf(id)).toBe(1);
    expect((await sut.json(videoJson(id))).res.status).toBe(200);
    uploader = await sut.signIn('reeler');
    expect(auditOf('member.ban', uploaderId)).toHaveLength(1);
    expect(auditOf('member.unban', uploaderId)).toHaveLength(1);
  });

  it('records a DMCA claim, takes the named videos down and keeps the record', async () => {
    const [a, b] = listed();
    const origin = sut.config.publicOrigin;
    const urls = [
      `${origin}/videos/${a}/some-title/`,
      `${origin}/embed/${b}/`,
      'https://elsewhere.example/videos/9/',
    ];
    const r = await trpc(
      'moderation.createTakedown',
      { claimant: 'Reel Archive Ltd', claimantEmail: 'legal@reel.example', work: 'Summer 1962', urls },
      moderator,
    );
    expect(data(r).videoIds.sort()).toEqual([a, b].sort());
    expect(statusOf(a)).toBe(5);
    expect(statusOf(b)).toBe(5);
    const list = data(await query('moderation.takedowns', {}, moderator));
    expect(list[0]).toMatchObject({
      claimant: 'Reel Archive Ltd',
      urls,
      videoIds: expect.arrayContaining([a, b]),
    });
    const none = await trpc(
      'moderation.createTakedown',
      {
        claimant: 'Someone',
        claimantEmail: 'a@b.example',
        work: 'Work',
        urls: ['https://elsewhere.example/x'],
      },
      moderator,
    );
    expect(none.res.status).toBe(400);
  });

  it('reads video ids from page, embed and JSON URLs of this site only', () => {
    expect(
      videoIdsOf(
        [
          'http://localhost:3000/videos/12/a/',
          '/embed/13/',
          'http://localhost:3000/api/json/video/86400/0/14.json',
          'http://x.example/videos/15/',
        ],
        'http://localhost:3000',
      ),
    ).toEqual([12, 13, 14]);
  });
});

describe('team and audit', () => {
  it('admins grant and revoke the moderator role; nobody changes their own', async () => {
    const id = await sut.createMember('helper');
    const granted = await trpc('moderation.setModerator', { memberId: id, moderator: true }, admin);
    expect(data(granted).role).toBe('moderator');
    const helper = await sut.signIn('helper');
    expect((await query('moderation.queue', undefined, helper)).res.status).toBe(200);
    await trpc('moderation.setModerator', { memberId: id, moderator: false }, admin);
    expect((await query('moderation.queue', undefined, helper)).res.status).toBe(404);
    expect(
      (await trpc('moderation.setModerator', { memberId: adminId, moderator: false }, admin)).res.status,
    ).toBe(403);
    expect(auditOf('role.grant', id)).toHaveLength(1);
    expect(auditOf('role.revoke', id)).toHaveLength(1);
  });

  it('filters the audit log by moderator, action and date', async () => {
    const all = data(await query('moderation.audit', {}, admin));
    expect(all.total).toBeGreaterThan(5);
    const byAction = data(await query('moderation.audit', { action: 'video.takedown' }, admin));
    expect(byAction.entries.every((e: { action: string }) => e.action === 'video.takedown')).toBe(true);
    const byActor = data(await query('moderation.audit', { actorId: adminId }, admin));
    expect(byActor.entries.every((e: { actorId: number }) => e.actorId === adminId)).toBe(true);
    expect(byActor.total).toBeLessThan(all.total);
    const future = data(
      await query('moderation.audit', { from: Math.floor(Date.now() / 1000) + 3600 }, admin),
    );
    expect(future.total).toBe(0);
    expect(all.actors.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['chief', 'warden']),
    );
  });

  it('the database refuses to update or delete audit rows', () => {
    expect(() => sqlite.prepare("UPDATE audit_log SET reason = 'edited'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    expect(() => sqlite.prepare("UPDATE audit_log SET actor_id = NULL, reason = 'edited'").run()).toThrow(
      /append-only/,
    );
  });

  it('deleting an account that acted in the log keeps its entries, without their author', () => {
    const actor = Number(
      sqlite
        .prepare("INSERT INTO members (name, email, created_at) VALUES ('gone', 'gone@example.test', 1)")
        .run().lastInsertRowid,
    );
    sqlite
      .prepare(
        "INSERT INTO audit_log (actor_id, action, target_type, created_at) VALUES (?, 'report.file', 'video', 1)",
      )
      .run(actor);
    const before = sqlite.prepare('SELECT count(*) AS n FROM audit_log').get() as { n: number };
    sqlite.prepare('DELETE FROM members WHERE id = ?').run(actor);
    expect(sqlite.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual(before);
    expect(sqlite.prepare("SELECT actor_id FROM audit_log WHERE action = 'report.file'").get()).toEqual({
      actor_id: null,
    });
  });
});
