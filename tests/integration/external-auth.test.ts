import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExternalIdentity } from '../../apps/api/src/services/auth/external-auth.service';
import { createTestApp, type TestApp } from './helpers/test-app';

let identity: ExternalIdentity = { email: 'film.fan@example.test', emailVerified: true, name: 'Film Fan' };
let sut: TestApp;
let plain: TestApp;
beforeAll(() => {
  sut = createTestApp({
    videos: 5,
    externalProvider: {
      authorizationUrl: (state, verifier) =>
        new URL(`https://provider.test/auth?state=${state}&v=${verifier.length}`),
      identify: async (code) => {
        if (code !== 'good-code') throw new Error('bad code');
        return identity;
      },
    },
  });
  plain = createTestApp({ videos: 5 });
});
afterAll(() => {
  sut.close();
  plain.close();
});

const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]);

describe('GET /api/.g.php (external sign-in)', () => {
  it('is 404 and hidden from the login form when no provider is configured', async () => {
    expect((await plain.request('/api/.g.php')).status).toBe(404);
    // The button, not its text: the page's inlined strings carry every core text of its language.
    expect(await (await plain.request('/login/')).text()).not.toContain('data-testid="external-sign-in"');
    expect(await (await sut.request('/login/')).text()).toContain('data-testid="external-sign-in"');
  });

  it('redirects to the provider with state and PKCE, and signs in on a matching return', async () => {
    const start = await sut.request('/api/.g.php');
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get('location')!);
    expect(to.host).toBe('provider.test');
    const cookies = cookiesOf(start);
    const state = to.searchParams.get('state')!;

    const forged = await sut.request(`/api/.g.php?code=good-code&state=other`, {
      headers: { cookie: cookies.join('; ') },
    });
    expect(forged.headers.get('location')).toBe('/login/?error=external_auth_failed');

    const back = await sut.request(`/api/.g.php?code=good-code&state=${state}`, {
      headers: { cookie: cookies.join('; ') },
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe('/');
    const session = cookiesOf(back).find((c) => c.startsWith('vt_session='))!;
    const html = await (await sut.request('/', { headers: { cookie: session } })).text();
    expect(html).toContain('"name":"Film_Fan"');
    const row = sut.db.$client
      .prepare("SELECT status FROM members WHERE email = 'film.fan@example.test'")
      .get() as { status: string };
    expect(row.status).toBe('active');
  });

  it('refuses an unverified email', async () => {
    identity = { email: 'someone@example.test', emailVerified: false, name: null };
    const start = await sut.request('/api/.g.php');
    const state = new URL(start.headers.get('location')!).searchParams.get('state');
    const back = await sut.request(`/api/.g.php?code=good-code&state=${state}`, {
      headers: { cookie: cookiesOf(start).join('; ') },
    });
    expect(back.headers.get('location')).toBe('/login/?error=external_auth_failed');
  });
});
