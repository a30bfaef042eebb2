import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
beforeAll(() => {
  sut = createTestApp({ videos: 10, env: { MAIL_OUTBOX_PUBLIC: '1' } });
  sqlite = sut.db.$client;
});
afterAll(() => sut.close());

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
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
const error = (r: { body: { error?: { data?: unknown } } }) => r.body.error?.data as any;
const mails = async () =>
  (await sut.json('/dev/mail.json')).body as unknown as { to: string; text: string }[];
const linkIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]);

describe('change password', () => {
  it('needs the current password, checks the rules, and signs out the other sessions only', async () => {
    await sut.createMember('PassFan', 'old-secret-1');
    const here = await sut.signIn('PassFan', 'old-secret-1');
    const there = await sut.signIn('PassFan', 'old-secret-1');

    expect(
      (await trpc('account.changePassword', { current: 'old-secret-1', pwd: 'new-secret-2' })).res.status,
    ).toBe(401);
    const wrong = await trpc('account.changePassword', { current: 'nope-nope', pwd: 'new-secret-2' }, here);
    expect(error(wrong)).toMatchObject({ code: 'wrong_password', field: 'current' });
    const missing = await trpc('account.changePassword', { pwd: 'new-secret-2' }, here);
    expect(error(missing)).toMatchObject({ code: 'required', field: 'current' });
    const weak = await trpc('account.changePassword', { current: 'old-secret-1', pwd: 'password' }, here);
    expect(error(weak)).toMatchObject({ code: 'weak_password', field: 'pwd' });
    const short = await trpc('account.changePassword', { current: 'old-secret-1', pwd: 'abc' }, here);
    expect(error(short)).toMatchObject({ code: 'min_length', field: 'pwd' });

    const ok = await trpc('account.changePassword', { current: 'old-secret-1', pwd: 'new-secret-2' }, here);
    expect(data(ok)).toEqual({ code: 'password_changed' });
    // This browser stays signed in; the other one is out.
    expect(data(await trpc('account.overview', undefined, here, 'GET')).sessions).toHaveLength(1);
    expect((await trpc('account.overview', undefined, there, 'GET')).res.status).toBe(401);
    await expect(sut.signIn('PassFan', 'old-secret-1')).rejects.toThrow();
    expect(await sut.signIn('PassFan', 'new-secret-2')).toMatch(/=/);
  });
});

describe('sessions', () => {
  it('lists sessions with the current one marked, signs out one, then everywhere else', async () => {
    await sut.createMember('SessionFan');
    const a = await sut.signIn('SessionFan');
    const b = await sut.signIn('SessionFan');
    const c = await sut.signIn('SessionFan');
    const list = data(await trpc('account.overview', undefined, a, 'GET'));
    expect(list.email).toBe('sessionfan@example.test');
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = list.sessions.find((s: { current: boolean }) => !s.current);
    expect(other.key).toMatch(/^[0-9a-f]{16}$/);

    // Another member cannot sign this one out: the key answers like an unknown one.
    await sut.createMember('SessionThief');
    const thief = await sut.signIn('SessionThief');
    const stolen = await trpc('account.revokeSession', { key: other.key }, thief);
    expect(stolen.res.status).toBe(404);
    expect(error(stolen).code).toBe('session_not_found');
    expect(data(await trpc('account.overview', undefined, a, 'GET')).sessions).toHaveLength(3);

    expect(data(await trpc('account.revokeSession', { key: other.key }, a))).toEqual({
      code: 'session_revoked',
    });
    expect(data(await trpc('account.overview', undefined, a, 'GET')).sessions).toHaveLength(2);
    expect(data(await trpc('account.signOutOthers', {}, a))).toMatchObject({
      code: 'sessions_revoked',
      count: 1,
    });
    expect((await trpc('account.overview', undefined, b, 'GET')).res.status).toBe(401);
    expect((await trpc('account.overview', undefined, c, 'GET')).res.status).toBe(401);
    expect(data(await trpc('account.overview', undefined, a, 'GET')).sessions).toHaveLength(1);
    expect((await trpc('account.revokeSession', { key: 'not-hex' }, a)).res.status).toBe(400);
  });
});

describe('change email', () => {
  it('changes the address only when the mailed link is followed, and tells the old address', async () => {
    await sut.createMember('MailFan', 'secret-pass', 'mailfan@example.test');
    const me = await sut.signIn('MailFan');
    const bad = await trpc('account.changeEmail', { current: 'secret-pass', email: 'not-an-address' }, me);
    expect(error(bad)).toMatchObject({ code: 'invalid_email', field: 'email' });
    const wrong = await trpc('account.changeEmail', { current: 'wrong-pass', email: 'new@example.test' }, me);
    expect(error(wrong)).toMatchObject({ code: 'wrong_password', field: 'current' });

    const r = await trpc(
      'account.changeEmail',
      { current: 'secret-pass', email: 'New-Mail@Example.test' },
      me,
    );
    expect(data(r)).toEqual({ code: 'email_change_sent' });
    const email = () => sqlite.prepare("SELECT email FROM members WHERE name = 'MailFan'").pluck().get();
    expect(email()).toBe('mailfan@example.test');
    const mail = (await mails()).find((m) => m.to === 'new-mail@example.test')!;
    const link = linkIn(mail.text);
    expect(link.pathname).toBe('/confirm/');
    const token = link.searchParams.get('token')!;
    expect(error(await trpc('auth.confirmEmail', { token: 'x'.repeat(32) })).code).toBe('invalid_token');
    expect(data(await trpc('auth.confirmEmail', { token }))).toMatchObject({ name: 'MailFan' });
    expect(email()).toBe('new-mail@example.test');
    expect(
      (await mails()).some(
        (m) => m.to === 'mailfan@example.test' && m.text.includes('new-mail@example.test'),
      ),
    ).toBe(true);
    // A link works once.
    expect(error(await trpc('auth.confirmEmail', { token })).code).toBe('invalid_token');
  });

  it('answers a taken address exactly like a free one, and mails its owner a notice instead of a link', async () => {
    await sut.createMember('TakenOwner', 'secret-pass', 'taken@example.test');
    await sut.createMember('Mover', 'secret-pass', 'mover@example.test');
    const me = await sut.signIn('Mover');
    const taken = await trpc(
      'account.changeEmail',
      { current: 'secret-pass', email: 'taken@example.test' },
      me,
    );
    const free = await trpc(
      'account.changeEmail',
      { current: 'secret-pass', email: 'free@example.test' },
      me,
    );
    expect(taken.res.status).toBe(free.res.status);
    expect(data(taken)).toEqual(data(free));
    const notice = (await mails()).find((m) => m.to === 'taken@example.test')!;
    expect(notice.text).not.toMatch(/token=/);
    expect(sqlite.prepare("SELECT email FROM members WHERE name = 'Mover'").pluck().get()).toBe(
      'mover@example.test',
    );
  });
});

describe('export', () => {
  it('downloads the member’s own data as a private JSON attachment, with nothing of others', async () => {
    const annId = await sut.createMember('ExportAnn');
    const benId = await sut.createMember('ExportBen');
    const ann = await sut.signIn('ExportAnn');
    const ben = await sut.signIn('ExportBen');
    const video = sqlite.prepare('SELECT id FROM videos WHERE status_id = 1 LIMIT 1').pluck().get() as number;
    await sut.post(
      '/api/stats.php',
      { act: 'comm', section: 'video', object_id: String(video), msg: 'Ann liked this reel' },
      { cookie: ann },
    );
    await sut.post(
      '/api/stats.php',
      { act: 'comm', section: 'video', object_id: String(video), msg: 'Ben says hello' },
      { cookie: ben },
    );
    sqlite
      .prepare(
        "INSERT INTO playlists (member_id, title, description, is_private, created_at, updated_at) VALUES (?, 'Ben secret list', 'Private', 1, 1, 1)",
      )
      .run(benId);
    sqlite
      .prepare(
        "INSERT INTO playlists (member_id, title, description, is_private, created_at, updated_at) VALUES (?, 'Ann list', 'Mine', 1, 1, 1)",
      )
      .run(annId);
    sqlite
      .prepare('INSERT INTO messages (from_id, to_id, body, created_at) VALUES (?, ?, ?, 1)')
      .run(benId, annId, 'Hi Ann');
    sqlite
      .prepare(
        "INSERT INTO member_lists (member_id, list, video_id, added_at) VALUES (?, 'favourites', ?, 1)",
      )
      .run(annId, video);

    expect((await sut.request('/api/account/export.json')).status).toBe(401);
    const res = await sut.request('/api/account/export.json', { headers: { cookie: ann } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="account-\d+\.json"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.profile).toMatchObject({ id: annId, name: 'ExportAnn', email: 'exportann@example.test' });
    expect(text).not.toMatch(/password_hash|\$argon2/);
    expect(body.favourites).toEqual([expect.objectContaining({ video_id: video })]);
    expect(body.playlists.map((p: { title: string }) => p.title)).toEqual(['Ann list']);
    expect(body.comments.map((c: { comment: string }) => c.comment)).toEqual(['Ann liked this reel']);
    expect(body.messages).toEqual([expect.objectContaining({ body: 'Hi Ann', from_name: 'ExportBen' })]);
    expect(text).not.toContain('Ben says hello');
    expect(text).not.toContain('Ben secret list');
    expect(text).not.toContain('exportben@example.test');
  });
});

describe('delete account', () => {
  async function member(name: string) {
    const id = await sut.createMember(name);
    return { id, cookie: await sut.signIn(name) };
  }
  const video = () =>
    sqlite.prepare('SELECT id FROM videos WHERE status_id = 1 ORDER BY id LIMIT 1').pluck().get() as number;
  const commentsOn = (id: number) =>
    sqlite.prepare('SELECT comments_count FROM videos WHERE id = ?').pluck().get(id) as number;

  it('needs the password, removes comments when asked, and the member can no longer sign in', async () => {
    const gone = await member('GoneFan');
    const v = video();
    await sut.post(
      '/api/stats.php',
      { act: 'comm', section: 'video', object_id: String(v), msg: 'Soon gone comment' },
      { cookie: gone.cookie },
    );
    const before = commentsOn(v);
    const upload = Number(
      sqlite
        .prepare(
          `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id, duration_sec, width, height)
           VALUES ('gone-reel', 'Gone Reel', 'x', 1, 'straight', 1, 1, ?, 60, 640, 360)`,
        )
        .run(gone.id).lastInsertRowid,
    );

    expect((await trpc('account.delete', { pwd: 'secret-pass', comments: 'remove' })).res.status).toBe(401);
    expect(
      error(await trpc('account.delete', { pwd: 'wrong-pass', comments: 'remove' }, gone.cookie)),
    ).toMatchObject({
      code: 'wrong_password',
      field: 'pwd',
    });
    expect(
      (await trpc('account.delete', { pwd: 'secret-pass', comments: 'burn' }, gone.cookie)).res.status,
    ).toBe(400);
    expect(
      data(await trpc('account.delete', { pwd: 'secret-pass', comments: 'remove' }, gone.cookie)),
    ).toEqual({
      code: 'account_deleted',
    });

    expect(sqlite.prepare('SELECT count(*) FROM members WHERE id = ?').pluck().get(gone.id)).toBe(0);
    expect(
      sqlite.prepare("SELECT count(*) FROM comments WHERE comment = 'Soon gone comment'").pluck().get(),
    ).toBe(0);
    expect(commentsOn(v)).toBe(before - 1);
    expect(sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(upload)).toBe(5);
    await expect(sut.signIn('GoneFan')).rejects.toThrow();
    expect((await trpc('account.overview', undefined, gone.cookie, 'GET')).res.status).toBe(401);
    expect((await trpc('members.profile', { id: gone.id }, undefined, 'GET')).res.status).toBe(404);
  });

  it('keeps comments and wall posts under "[deleted]" when the member chooses to anonymise them', async () => {
    const anon = await member('AnonFan');
    const host = await member('WallHost');
    const v = video();
    await sut.post(
      '/api/stats.php',
      { act: 'comm', section: 'video', object_id: String(v), msg: 'A kept comment' },
      { cookie: anon.cookie },
    );
    await sut.post(
      '/api/input.php',
      { act: 'wall', section: 'member', object_id: String(host.id), msg: 'A kept wall post' },
      { cookie: anon.cookie },
    );
    const before = commentsOn(v);
    expect(
      data(await trpc('account.delete', { pwd: 'secret-pass', comments: 'anonymise' }, anon.cookie)).code,
    ).toBe('account_deleted');
    const row = sqlite
      .prepare(
        "SELECT m.name, m.status, m.password_hash FROM comments c JOIN members m ON m.id = c.member_id WHERE c.comment = 'A kept comment'",
      )
      .get() as { name: string; status: string; password_hash: string | null };
    expect(row).toEqual({ name: '[deleted]', status: 'deleted', password_hash: null });
    expect(commentsOn(v)).toBe(before);
    const comments = await sut.json(
      `/trpc/comments.list?input=${encodeURIComponent(JSON.stringify({ section: 'video', objectId: v }))}`,
    );
    expect(JSON.stringify(comments.body)).toContain('A kept comment');
    expect(JSON.stringify(comments.body)).not.toContain('AnonFan');
    expect(
      sqlite.prepare("SELECT count(*) FROM wall_posts WHERE body = 'A kept wall post'").pluck().get(),
    ).toBe(1);
    // Nobody signs in as the placeholder, and it has no profile page.
    await expect(sut.signIn('[deleted]')).rejects.toThrow();
    const ghost = sqlite.prepare("SELECT id FROM members WHERE name = '[deleted]'").pluck().get();
    expect((await trpc('members.profile', { id: ghost }, undefined, 'GET')).res.status).toBe(404);
  });
});

describe('registration', () => {
  it('refuses a registration without the 18+ and terms box, with a translated field error', async () => {
    const r = await sut.post('/api/register.php?lang=de', {
      usr: 'NoBoxFan',
      pwd: 'reels-forever',
      email: 'nobox@example.test',
    });
    expect(r.res.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'adult_required', field: 'adult' });
    expect(sqlite.prepare("SELECT count(*) FROM members WHERE name = 'NoBoxFan'").pluck().get()).toBe(0);
    const ok = await sut.post('/api/register.php', {
      usr: 'BoxFan',
      pwd: 'reels-forever',
      email: 'box@example.test',
      adult: '1',
    });
    expect(ok.body).toEqual({ ok: true, confirm: true });
  });
});
