import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 20, env: { MAIL_OUTBOX_PUBLIC: '1' } });
});
afterAll(() => sut.close());

const outbox = async () =>
  (await sut.json('/dev/mail.json')).body as { to: string; subject: string; text: string }[];
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

describe('registration and confirmation', () => {
  it('validates the fields with the spec messages', async () => {
    const cases: [Record<string, string>, string, string, string][] = [
      [
        { usr: 'ab', pwd: 'secret', email: 'a@b.test' },
        'min_length',
        'usr',
        'Must be at least 3 characters long',
      ],
      [
        { usr: 'abc', pwd: '1234', email: 'a@b.test' },
        'min_length',
        'pwd',
        'Must be at least 5 characters long',
      ],
      [
        { usr: 'bad name!', pwd: 'secret', email: 'a@b.test' },
        'bad_symbols',
        'usr',
        expect.any(String) as never,
      ],
      [
        { usr: 'abc', pwd: 'secret', email: 'not-an-email' },
        'invalid_email',
        'email',
        'Email entered incorrectly',
      ],
      [{ pwd: 'secret', email: 'a@b.test' }, 'required', 'usr', 'This field is required'],
      [
        { usr: 'x'.repeat(26), pwd: 'secret', email: 'a@b.test' },
        'max_length',
        'usr',
        expect.any(String) as never,
      ],
    ];
    for (const [fields, code, field, error] of cases) {
      const { res, body } = await sut.post('/api/register.php', fields);
      expect(res.status, code).toBe(400);
      expect(body).toMatchObject({ code, field, error });
    }
  });

  it('registers an unconfirmed member, mails the link, and refuses sign-in until it is followed', async () => {
    const r = await sut.post('/api/register.php', {
      adult: '1',
      usr: 'NewFan',
      pwd: 'reels-forever',
      email: 'NewFan@Example.test',
    });
    expect(r.res.status).toBe(200);
    expect(r.body).toEqual({ ok: true, confirm: true });
    const row = sut.db.$client
      .prepare("SELECT status, password_hash, email FROM members WHERE name = 'NewFan'")
      .get() as {
      status: string;
      password_hash: string;
      email: string;
    };
    expect(row.status).toBe('unconfirmed');
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.email).toBe('newfan@example.test');

    // Occupied name (any case) and email.
    const taken = await sut.post('/api/register.php', {
      adult: '1',
      usr: 'newfan',
      pwd: 'secret',
      email: 'other@example.test',
    });
    expect(taken.body).toMatchObject({ code: 'username_taken', field: 'usr' });
    // A taken email is not revealed: the answer is the normal one (tests/security/enumeration.test.ts).
    const takenEmail = await sut.post('/api/register.php', {
      adult: '1',
      usr: 'Another',
      pwd: 'reels-again',
      email: 'newfan@example.test',
    });
    expect(takenEmail.body).toEqual({ ok: true, confirm: true });

    const early = await sut.post('/api/login.php', { usr: 'NewFan', pwd: 'reels-forever' });
    expect(early.res.status).toBe(403);
    expect(early.body).toMatchObject({
      code: 'not_confirmed',
      error: 'Please confirm your email and try again',
    });

    const mail = (await outbox()).find(
      (m) => m.to === 'newfan@example.test' && m.text.includes('/confirm/'),
    )!;
    expect(mail.subject).toContain('Confirm');
    const link = new URL(linkIn(mail.text));
    expect(link.pathname).toBe('/confirm/');
    const confirmed = await sut.json(`/trpc/auth.confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sut.config.publicOrigin },
      body: JSON.stringify({ token: link.searchParams.get('token') }),
    });
    expect(confirmed.res.status).toBe(200);
    const again = await sut.json(`/trpc/auth.confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sut.config.publicOrigin },
      body: JSON.stringify({ token: link.searchParams.get('token') }),
    });
    expect(again.res.status).toBe(400);

    const login = await sut.post('/api/login.php', { usr: 'newfan', pwd: 'reels-forever' });
    expect(login.res.status).toBe(200);
    expect(login.body).toMatchObject({ ok: true, member: { name: 'NewFan' } });
  });
});

describe('sessions', () => {
  it('sets an HttpOnly SameSite=Lax cookie holding a token whose hash is the session id', async () => {
    await sut.createMember('CookieFan');
    const { res } = await sut.post('/api/login.php', { usr: 'CookieFan', pwd: 'secret-pass' });
    const cookie = res.headers.getSetCookie()[0];
    expect(cookie).toMatch(/^vt_session=[a-z2-7]{32};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const token = /vt_session=([^;]+)/.exec(cookie)![1];
    const ids = sut.db.$client.prepare('SELECT id FROM sessions').pluck().all() as string[];
    expect(ids).not.toContain(token);
    expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);

    // The page constants carry the sign-in state.
    const html = await (await sut.request('/', { headers: { cookie: `vt_session=${token}` } })).text();
    expect(html).toContain('"name":"CookieFan"');
  });

  it('slides the expiry when a session is used in its last 15 days, and signs out', async () => {
    await sut.createMember('SlideFan');
    const cookie = await sut.signIn('SlideFan');
    const soon = Math.floor(Date.now() / 1000) + 3 * 86400;
    sut.db.$client.prepare('UPDATE sessions SET expires_at = ?').run(soon);
    const res = await sut.request('/api/json/main/0/straight.en.json', { headers: { cookie } });
    expect(res.headers.getSetCookie().join()).toContain('vt_session=');
    const left = sut.db.$client
      .prepare('SELECT max(expires_at) - unixepoch() AS s FROM sessions')
      .pluck()
      .get() as number;
    expect(left).toBeGreaterThan(29 * 86400);

    const out = await sut.post('/api/logout.php', {}, { cookie });
    expect(out.res.headers.getSetCookie()[0]).toMatch(/vt_session=;.*Max-Age=0/);
    const html = await (await sut.request('/', { headers: { cookie } })).text();
    expect(html).not.toContain('"name":"SlideFan"');
  });
});

describe('login limits and CSRF', () => {
  it('answers Invalid name or password before looking anything up for short input', async () => {
    const { res, body } = await sut.post('/api/login.php', { usr: 'ab', pwd: 'whatever' });
    expect(res.status).toBe(401);
    expect(body).toMatchObject({ code: 'invalid_usr_or_pwd', error: 'Invalid name or password' });
  });

  it('locks a name out with too_many_attempts after 20 wrong passwords', async () => {
    await sut.createMember('LockedFan');
    for (let i = 0; i < 20; i++) {
      const { body } = await sut.post('/api/login.php', { usr: 'LockedFan', pwd: `wrong-${i}` });
      expect(body.code).toBe('invalid_usr_or_pwd');
    }
    const { res, body } = await sut.post('/api/login.php', { usr: 'LockedFan', pwd: 'secret-pass' });
    expect(res.status).toBe(429);
    expect(body).toMatchObject({
      code: 'too_many_attempts',
      error: 'Too many authorization attempts. Try again later.',
    });
  });

  it('refuses a cross-origin POST, and a cookie-carrying POST without Origin', async () => {
    await sut.createMember('CsrfFan');
    const cookie = await sut.signIn('CsrfFan');
    const cross = await sut.post('/api/logout.php', {}, { cookie, origin: 'https://evil.example' });
    expect(cross.res.status).toBe(403);
    expect(cross.body.code).toBe('csrf');
    const none = await sut.post('/api/logout.php', {}, { cookie, origin: null });
    expect(none.res.status).toBe(403);
    const login = await sut.post(
      '/api/login.php',
      { usr: 'CsrfFan', pwd: 'secret-pass' },
      { origin: 'https://evil.example' },
    );
    expect(login.res.status).toBe(403);
  });
});

describe('password restore', () => {
  it('mails a one-time link that sets a new password and ends every session', async () => {
    await sut.createMember('ForgetFan', 'old-password', 'forget@example.test');
    const cookie = await sut.signIn('ForgetFan', 'old-password');
    const unknown = await sut.post('/api/restore.php', { email: 'nobody@example.test' });
    expect(unknown.body).toEqual({ ok: true });
    const bad = await sut.post('/api/restore.php', { email: 'nope' });
    expect(bad.body.code).toBe('invalid_email');

    await sut.post('/api/restore.php', { email: 'forget@example.test' });
    const mail = (await outbox()).find((m) => m.to === 'forget@example.test')!;
    const link = new URL(linkIn(mail.text));
    expect(link.pathname).toBe('/restore-/');
    const token = link.searchParams.get('token')!;
    const short = await sut.post('/api/restore.php', { token, pwd: '123' });
    expect(short.body).toMatchObject({ code: 'min_length', field: 'pwd' });
    const done = await sut.post('/api/restore.php', { token, pwd: 'new-password' });
    expect(done.body).toEqual({ ok: true });
    const reused = await sut.post('/api/restore.php', { token, pwd: 'another-one' });
    expect(reused.body.code).toBe('invalid_token');

    const html = await (await sut.request('/', { headers: { cookie } })).text();
    expect(html).not.toContain('"name":"ForgetFan"');
    expect((await sut.post('/api/login.php', { usr: 'ForgetFan', pwd: 'old-password' })).res.status).toBe(
      401,
    );
    expect((await sut.post('/api/login.php', { usr: 'ForgetFan', pwd: 'new-password' })).res.status).toBe(
      200,
    );
  });
});
