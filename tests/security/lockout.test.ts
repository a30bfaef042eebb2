import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../apps/api/src/services/limits/limits';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

/**
 * Issue 17 §9: the sign-in lockout throttles by name plus address, and never locks a member out of a
 * browser they already signed in from (the known-device cookie) or are signed in on.
 */
let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 5, env: { TRUST_PROXY: '1' } });
});
afterAll(() => sut.close());

const WRONG = LIMITS.loginNameAddress.points;

async function login(usr: string, pwd: string, ip: string, cookie?: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    origin: sut.config.publicOrigin,
    'x-forwarded-for': ip,
  };
  if (cookie) headers.cookie = cookie;
  const res = await sut.request('/api/login.php', {
    method: 'POST',
    headers,
    body: new URLSearchParams({ usr, pwd }).toString(),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
  return {
    res,
    body: (await res.json()) as Record<string, any>,
    session: cookies.find((c) => c.startsWith('vt_session=')),
    device: cookies.find((c) => c.startsWith('vt_device=')),
  };
}

async function strangerGuesses(name: string, ip: string) {
  for (let i = 0; i < WRONG; i++)
    expect((await login(name, `guess-${i}-wrong`, ip)).body.code).toBe('invalid_usr_or_pwd');
}

describe('sign-in lockout', () => {
  it('locks only the guessing address out of that name: the member signs in from elsewhere', async () => {
    await sut.createMember('TargetOne');
    await strangerGuesses('TargetOne', '203.0.113.1');
    const locked = await login('TargetOne', 'secret-pass', '203.0.113.1');
    expect(locked.res.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');

    const home = await login('TargetOne', 'secret-pass', '203.0.113.2');
    expect(home.res.status).toBe(200);
  });

  it('keeps the right password working from a known device at the locked address', async () => {
    await sut.createMember('TargetTwo');
    const first = await login('TargetTwo', 'secret-pass', '203.0.113.10');
    expect(first.device).toMatch(/^vt_device=/);
    // The session cookie stays the first one set (clients take it as the session).
    expect(first.res.headers.getSetCookie()[0]).toMatch(/^vt_session=/);
    expect(first.res.headers.getSetCookie().find((c) => c.startsWith('vt_device='))).toContain('HttpOnly');

    // A stranger sharing the address (a café, a carrier NAT) guesses until the name is locked there.
    await strangerGuesses('TargetTwo', '203.0.113.10');
    expect((await login('TargetTwo', 'secret-pass', '203.0.113.10')).res.status).toBe(429);

    const again = await login('TargetTwo', 'secret-pass', '203.0.113.10', first.device);
    expect(again.res.status).toBe(200);
    expect(again.body.member.name).toBe('TargetTwo');
  });

  it('keeps the right password working from a signed-in session at the locked address', async () => {
    await sut.createMember('TargetThree');
    const first = await login('TargetThree', 'secret-pass', '203.0.113.20');
    await strangerGuesses('TargetThree', '203.0.113.20');
    const again = await login('TargetThree', 'secret-pass', '203.0.113.20', first.session);
    expect(again.res.status).toBe(200);
  });

  it('honours a device cookie only for its own member, and only when its signature holds', async () => {
    await sut.createMember('TargetFour');
    await sut.createMember('Bystander');
    const other = await login('Bystander', 'secret-pass', '203.0.113.30');
    await strangerGuesses('TargetFour', '203.0.113.30');
    expect((await login('TargetFour', 'secret-pass', '203.0.113.30', other.device)).res.status).toBe(429);

    const own = await login('TargetFour', 'secret-pass', '203.0.113.31');
    const [payload, mac] = [
      own.device!.slice(0, own.device!.lastIndexOf('.')),
      own.device!.split('.').pop()!,
    ];
    const forged = `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect((await login('TargetFour', 'secret-pass', '203.0.113.30', forged)).res.status).toBe(429);
    expect((await login('TargetFour', 'secret-pass', '203.0.113.30', own.device)).res.status).toBe(200);
  });

  it('still limits wrong passwords sent with a known-device cookie', async () => {
    await sut.createMember('TargetFive');
    const { device } = await login('TargetFive', 'secret-pass', '203.0.113.40');
    for (let i = 0; i < LIMITS.loginDevice.points; i++)
      expect((await login('TargetFive', `guess-${i}-wrong`, '203.0.113.41', device)).res.status).toBe(401);
    const locked = await login('TargetFive', 'secret-pass', '203.0.113.41', device);
    expect(locked.res.status).toBe(429);
    expect(locked.body.code).toBe('too_many_attempts');
  });
});
