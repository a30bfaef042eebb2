import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

/** Issue 17 §12: the passwords guessers try first are refused wherever a password is chosen. */
let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 5, env: { MAIL_OUTBOX_PUBLIC: '1' } });
});
afterAll(() => sut.close());

describe('weak passwords', () => {
  it('are refused at registration with weak_password on the password field', async () => {
    let n = 0;
    for (const pwd of ['password', 'Password1', 'QWERTY123', '123456789', 'iloveyou', 'letmein']) {
      const { res, body } = await sut.post('/api/register.php', {
        adult: '1',
        usr: `WeakFan${++n}`,
        pwd,
        email: `weak${n}@example.test`,
      });
      expect(res.status, pwd).toBe(400);
      expect(body, pwd).toMatchObject({ code: 'weak_password', field: 'pwd', error: expect.any(String) });
    }
    // The name itself is no password either.
    const same = await sut.post('/api/register.php', {
      adult: '1',
      usr: 'MirrorFan',
      pwd: 'mirrorfan',
      email: 'm@example.test',
    });
    expect(same.body).toMatchObject({ code: 'weak_password', field: 'pwd' });
    expect(
      sut.db.$client.prepare("SELECT count(*) FROM members WHERE name LIKE 'WeakFan%'").pluck().get(),
    ).toBe(0);

    const fine = await sut.post('/api/register.php', {
      adult: '1',
      usr: 'StrongFan',
      pwd: 'silent-reels-1927',
      email: 'strong@example.test',
    });
    expect(fine.body).toEqual({ ok: true, confirm: true });
  });

  it('are refused when a password is set from a restore link, which stays usable', async () => {
    await sut.createMember('RestoreWeak', 'secret-pass', 'restore-weak@example.test');
    await sut.post('/api/restore.php', { email: 'restore-weak@example.test' });
    const mail = ((await sut.json('/dev/mail.json')).body as { to: string; text: string }[]).find(
      (m) => m.to === 'restore-weak@example.test',
    )!;
    const token = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams.get('token')!;

    const weak = await sut.post('/api/restore.php', { token, pwd: 'qwerty123' });
    expect(weak.res.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'weak_password', field: 'pwd' });

    const done = await sut.post('/api/restore.php', { token, pwd: 'a-much-better-one' });
    expect(done.body).toEqual({ ok: true });
    expect(
      (await sut.post('/api/login.php', { usr: 'RestoreWeak', pwd: 'a-much-better-one' })).res.status,
    ).toBe(200);
  });
});
