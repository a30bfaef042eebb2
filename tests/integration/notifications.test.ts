import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { createTestApp, TEST_MEDIA, type TestApp } from './helpers/test-app';

let sut: TestApp;
let ann: string;
let ben: string;
let eve: string;
let mod: string;
let annId: number;
let benId: number;
let eveId: number;

const sqlite = () => sut.db.$client;
const trpc = (path: string, input: unknown, cookie?: string, method: 'GET' | 'POST' = 'POST') =>
  method === 'GET'
    ? sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, {
        headers: cookie ? { cookie } : {},
      })
    : sut.json(`/trpc/${path}`, {
        method: 'POST',
        headers: {
          ...(cookie ? { cookie } : {}),
          'content-type': 'application/json',
          origin: sut.config.publicOrigin,
        },
        body: JSON.stringify(input ?? {}),
      });
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
const list = async (cookie: string, page = 1) =>
  data(await trpc('notifications.list', { page }, cookie, 'GET')) as {
    items: { id: number; kind: string; params: Record<string, string | number>; unread: boolean }[];
    totalCount: number;
    pages: number;
    unread: number;
  };
const kindsOf = (memberId: number) =>
  sqlite()
    .prepare('SELECT kind FROM notifications WHERE member_id = ? ORDER BY id')
    .pluck()
    .all(memberId) as string[];
const clear = () => sqlite().prepare('DELETE FROM notifications').run();
const input = (cookie: string, fields: Record<string, string | number>) =>
  sut.post('/api/input.php', Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), {
    cookie,
  });
const stats = (cookie: string, fields: Record<string, string | number>) =>
  sut.post('/api/stats.php', Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])), {
    cookie,
  });
const drainJobs = () =>
  createWorker({
    queue: sut.services.jobs,
    handlers: createJobHandlers(sut.services),
    log: pino({ level: 'silent' }),
  }).drain();

/** A public video of `uploaderId`. */
function videoOf(uploaderId: number, status = 1) {
  const now = Math.floor(Date.now() / 1000);
  const title = `Home Reel ${Math.random().toString(36).slice(2, 8)}`;
  return Number(
    sqlite()
      .prepare(
        `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id, media_path,
           duration_sec, width, height, timeline_count, timeline_interval, content_hash)
         VALUES (?, ?, 'An invented home movie.', ?, 'straight', ?, ?, ?, ?, 700, 640, 360, 2, 5, ?)`,
      )
      .run(title.toLowerCase().replaceAll(' ', '-'), title, status, now, now, uploaderId, TEST_MEDIA, title)
      .lastInsertRowid,
  );
}

beforeAll(async () => {
  sut = createTestApp({ videos: 10 });
  annId = await sut.createMember('AnnNotes');
  benId = await sut.createMember('BenNotes');
  eveId = await sut.createMember('EveNotes');
  const modId = await sut.createMember('ModNotes');
  sqlite().prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(modId);
  ann = await sut.signIn('AnnNotes');
  ben = await sut.signIn('BenNotes');
  eve = await sut.signIn('EveNotes');
  mod = await sut.signIn('ModNotes');
});
afterAll(() => sut.close());
beforeEach(() => {
  clear();
  sqlite().prepare('DELETE FROM notification_prefs').run();
});

describe('each kind is written by the service that causes it', () => {
  it('friend request, answered in place; accepting tells the requester', async () => {
    expect((await input(ann, { act: 'friends', type: 'request', object_id: benId })).body.ok).toBe(true);
    const b = await list(ben);
    expect(b.unread).toBe(1);
    expect(b.items[0]).toMatchObject({ kind: 'friend_request', params: { from: annId, name: 'AnnNotes' } });
    expect(kindsOf(annId)).toEqual([]);
    await input(ben, { act: 'friends', type: 'accept', object_id: annId });
    // The request is read and says it was accepted; Ann hears of it.
    expect((await list(ben)).items[0]).toMatchObject({ unread: false, params: { answer: 'accepted' } });
    expect((await list(ann)).items[0]).toMatchObject({ kind: 'friend_accepted', params: { from: benId } });
    await input(ann, { act: 'friends', type: 'remove', object_id: benId });
  });

  it('declining marks the request answered and tells nobody', async () => {
    await input(eve, { act: 'friends', type: 'request', object_id: benId });
    await input(ben, { act: 'friends', type: 'decline', object_id: eveId });
    expect((await list(ben)).items[0]).toMatchObject({ unread: false, params: { answer: 'declined' } });
    expect(kindsOf(eveId)).toEqual([]);
  });

  it('a request taken back is no longer shown to the one it was sent to', async () => {
    await input(eve, { act: 'friends', type: 'request', object_id: annId });
    expect(kindsOf(annId)).toEqual(['friend_request']);
    await input(eve, { act: 'friends', type: 'remove', object_id: annId });
    expect(kindsOf(annId)).toEqual([]);
  });

  it('comments on videos and albums tell their uploader, never the uploader commenting', async () => {
    const video = videoOf(annId);
    await stats(ben, { act: 'comm', section: 'video', object_id: video, msg: 'What a lovely reel' });
    await stats(ann, { act: 'comm', section: 'video', object_id: video, msg: 'Thanks for watching' });
    const a = await list(ann);
    expect(a.items).toHaveLength(1);
    expect(a.items[0]).toMatchObject({ kind: 'comment_video', params: { id: video, from: benId } });
    const album = Number(
      sqlite()
        .prepare(
          "INSERT INTO albums (dir, title, status_id, uploader_id, added_at, post_date) VALUES ('trip', 'Trip', 1, ?, unixepoch(), unixepoch())",
        )
        .run(annId).lastInsertRowid,
    );
    await stats(eve, { act: 'comm', section: 'album', object_id: album, msg: 'Nice photos here' });
    expect(kindsOf(annId)).toEqual(['comment_video', 'comment_album']);
  });

  it('wall posts and profile comments tell the profile owner', async () => {
    await input(ben, { act: 'wall', section: 'member', object_id: annId, msg: 'Hello there' });
    await input(ann, { act: 'wall', section: 'member', object_id: annId, msg: 'My own wall' });
    await stats(eve, { act: 'comm', section: 'member', object_id: annId, msg: 'Great profile' });
    expect(kindsOf(annId)).toEqual(['wall_post', 'wall_post']);
  });

  it('new subscribers', async () => {
    await stats(ben, { act: 'subscribe', section: 'member', object_id: annId });
    expect((await list(ann)).items[0]).toMatchObject({ kind: 'new_subscriber', params: { from: benId } });
    await stats(ben, { act: 'unsubscribe', section: 'member', object_id: annId });
  });

  it('messages: many from one sender are one unread line that counts them', async () => {
    for (const msg of ['one', 'two', 'three'])
      await sut.post('/api/messages.php', { act: 'send', to: String(annId), msg }, { cookie: ben });
    await sut.post('/api/messages.php', { act: 'send', to: String(annId), msg: 'hi' }, { cookie: eve });
    const a = await list(ann);
    expect(a.items.map((n) => [n.kind, n.params.from, n.params.count])).toEqual([
      ['message', eveId, 1],
      ['message', benId, 3],
    ]);
    // Once read, the next message is a new line.
    await trpc('notifications.readAll', {}, ann);
    await sut.post('/api/messages.php', { act: 'send', to: String(annId), msg: 'four' }, { cookie: ben });
    expect((await list(ann)).unread).toBe(1);
  });

  it('approval: the uploader hears, and subscribers of the uploader, a model and the channel get one line each from a job', async () => {
    const video = videoOf(annId, 2);
    const model = sqlite().prepare('SELECT id, title FROM models LIMIT 1').get() as {
      id: number;
      title: string;
    };
    const channel = sqlite().prepare('SELECT id FROM channels LIMIT 1').pluck().get() as number;
    sqlite().prepare('INSERT INTO video_models (video_id, model_id) VALUES (?, ?)').run(video, model.id);
    sqlite().prepare('UPDATE videos SET channel_id = ? WHERE id = ?').run(channel, video);
    await stats(ben, { act: 'subscribe', section: 'member', object_id: annId });
    await stats(ben, { act: 'subscribe', section: 'model', object_id: model.id });
    await stats(eve, { act: 'subscribe', section: 'model', object_id: model.id });
    await stats(eve, { act: 'subscribe', section: 'channel', object_id: channel });
    await stats(ann, { act: 'subscribe', section: 'model', object_id: model.id });
    clear();
    expect(data(await trpc('moderation.approve', { keys: [`video:${video}`] }, mod))).toMatchObject({
      done: [`video:${video}`],
    });
    // The approval only queued the fan-out.
    expect(kindsOf(benId)).toEqual([]);
    expect(kindsOf(annId)).toEqual(['video_approved']);
    await drainJobs();
    const b = (await list(ben)).items;
    expect(b).toHaveLength(1);
    expect(b[0]).toMatchObject({ kind: 'new_video', params: { id: video, source: 'AnnNotes' } });
    expect(kindsOf(eveId)).toEqual(['new_video']);
    // The uploader is not told about their own video even though they follow its model.
    expect(kindsOf(annId)).toEqual(['video_approved']);
    // A re-run is harmless.
    await sut.services.notifications.fanOutNewVideo(video);
    expect(kindsOf(benId)).toEqual(['new_video']);
  });

  it('moderation decisions keep their reason', async () => {
    const video = videoOf(annId, 2);
    await trpc(
      'moderation.reject',
      { keys: [`video:${video}`], reason: 'poor_quality', note: 'Too dark' },
      mod,
    );
    expect((await list(ann)).items[0]).toMatchObject({
      kind: 'video_rejected',
      params: { reason: 'poor_quality', note: 'Too dark' },
    });
  });
});

describe('preferences', () => {
  it('a muted kind is not written; moderation decisions always are', async () => {
    const saved = data(
      await trpc('notifications.savePrefs', { muted: ['messages', 'friends'], digest: false }, ann),
    );
    expect(saved).toEqual({ muted: ['friends', 'messages'], digest: false });
    expect(data(await trpc('notifications.prefs', {}, ann, 'GET'))).toEqual(saved);
    await sut.post('/api/messages.php', { act: 'send', to: String(annId), msg: 'muted' }, { cookie: ben });
    await input(ben, { act: 'friends', type: 'request', object_id: annId });
    await input(ben, { act: 'wall', section: 'member', object_id: annId, msg: 'Still here' });
    expect(kindsOf(annId)).toEqual(['wall_post']);
    await input(ann, { act: 'friends', type: 'decline', object_id: benId });
  });

  it('refuses unknown groups', async () => {
    const r = await trpc('notifications.savePrefs', { muted: ['everything'], digest: true }, ann);
    expect(r.res.status).toBe(400);
  });
});

describe('reading', () => {
  it('pages, marks one and all read', async () => {
    for (let i = 0; i < 25; i++)
      await sut.services.notifications.fromMember(benId, annId, 'wall_post', { n: i });
    const p1 = await list(ann);
    expect(p1).toMatchObject({ totalCount: 25, pages: 2, unread: 25 });
    expect(p1.items).toHaveLength(20);
    expect((await list(ann, 2)).items).toHaveLength(5);
    expect(data(await trpc('notifications.read', { id: p1.items[0].id }, ann))).toEqual({ unread: 24 });
    expect(data(await trpc('notifications.unread', {}, ann, 'GET'))).toBe(24);
    await trpc('notifications.readAll', {}, ann);
    expect((await list(ann)).unread).toBe(0);
  });

  it('is for members only', async () => {
    for (const [path, method] of [
      ['notifications.list', 'GET'],
      ['notifications.unread', 'GET'],
      ['notifications.prefs', 'GET'],
      ['notifications.readAll', 'POST'],
    ] as const) {
      const r = await trpc(path, { page: 1 }, undefined, method);
      expect(r.res.status).toBe(401);
    }
    expect((await sut.request('/notifications/', { redirect: 'manual' })).status).toBe(302);
  });

  it("never reads or marks another member's notification: it answers like a missing one", async () => {
    await sut.services.notifications.fromMember(benId, annId, 'wall_post');
    const [note] = (await list(ann)).items;
    const theirs = await trpc('notifications.read', { id: note.id }, eve);
    const missing = await trpc('notifications.read', { id: 999_999 }, eve);
    expect(theirs.res.status).toBe(404);
    expect(theirs.body.error.data.code).toBe('notification_not_found');
    expect(missing.body.error.data.code).toBe(theirs.body.error.data.code);
    expect((await list(ann)).items[0].unread).toBe(true);
    expect((await list(eve)).items).toEqual([]);
  });

  it('the signed-in page is private and shows the count in the header; the anonymous page has none', async () => {
    await sut.services.notifications.fromMember(benId, annId, 'wall_post');
    const page = await sut.request('/notifications/', { headers: { cookie: ann } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const html = await page.text();
    expect(html).toContain('data-testid="bell-count"');
    expect(html).toContain('BenNotes wrote on your profile.');
    const home = await (await sut.request('/')).text();
    expect(home).not.toContain('data-testid="bell"');
  });
});

describe('daily digest', () => {
  const outbox = () => sut.services.mailer.outbox?.() ?? [];
  it('mails opted-in members once a day, in their language, with their unread notifications', async () => {
    await sut.json('/trpc/notifications.savePrefs', {
      method: 'POST',
      headers: {
        cookie: `${ann}; lang=ru`,
        'content-type': 'application/json',
        origin: sut.config.publicOrigin,
      },
      body: JSON.stringify({ muted: [], digest: true }),
    });
    await trpc('notifications.savePrefs', { muted: [], digest: false }, ben);
    // Opting in starts the digest now: what came before is not mailed.
    sqlite().prepare('UPDATE notification_prefs SET digest_sent_at = digest_sent_at - 2 * 86400').run();
    await sut.services.notifications.fromMember(eveId, annId, 'wall_post');
    await sut.services.notifications.fromMember(eveId, benId, 'wall_post');
    const before = outbox().length;
    await sut.services.jobs.enqueue('notifications.digest', {});
    await drainJobs();
    const mails = outbox().slice(0, outbox().length - before);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe('annnotes@example.test');
    expect(mails[0].text).toContain('EveNotes написал(а) в вашем профиле.');
    expect(mails[0].text).toContain('/notifications/');
    // Never twice a day.
    await sut.services.notifications.fromMember(benId, annId, 'wall_post');
    expect(await sut.services.notifications.sendDigests()).toEqual({ mailed: 0 });
    expect(outbox()).toHaveLength(before + 1);
  });
});
