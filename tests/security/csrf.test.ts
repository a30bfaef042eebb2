import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyWrites, type Need, trpcMutations, type WriteRoute } from './helpers/routes';
import { createWorld, diff, type World } from './helpers/world';

/**
 * Cross-site writes (docs/api/auth.md, CSRF): every state-changing route, attacked with the body the site
 * itself would send, from another site. Each attempt must answer 403 `csrf` in the legacy error shape and
 * leave every row of the database as it was.
 */

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.sut.close());

const EVIL = 'https://evil.example';

/** The ways another site's request can look: a foreign or opaque Origin, or none and a foreign Referer. */
const attacks = (
  origin: string,
): { label: string; origin: string | null; headers?: Record<string, string> }[] => [
  { label: 'foreign Origin', origin: EVIL },
  { label: 'Origin: null', origin: 'null' },
  { label: 'no Origin, foreign Referer', origin: null, headers: { referer: `${EVIL}/page.html` } },
  { label: 'look-alike Origin (our origin as a subdomain)', origin: `${origin}.evil.example` },
  { label: 'look-alike Origin (userinfo)', origin: `${origin.replace('://', '://user@')}@evil.example` },
  { label: 'our host on another scheme and port', origin: 'https://localhost:1' },
];

const cookieFor = (need: Need) =>
  need === 'admin' ? w.cookies.chief : need === 'staff' ? w.cookies.warden : w.cookies.alice;

async function expectRefused(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what}: ${text.slice(0, 200)}`).toBe(403);
  const body = JSON.parse(text) as { error?: unknown; code?: unknown };
  expect(body.code, what).toBe('csrf');
  expect(typeof body.error, what).toBe('string');
  // A refused sign-in or age answer must not hand out a cookie.
  expect(res.headers.getSetCookie(), what).toEqual([]);
}

/** Sign-out last: its own-origin control ends the session the other attacks carry. */
const ordered = (routes: WriteRoute[]) =>
  [...routes].sort((a, b) => Number(a.name === 'logout.php') - Number(b.name === 'logout.php'));

describe('legacy and tus writes refuse other sites', () => {
  it('covers every write of the catalogue', () => {
    expect(legacyWrites(w.fx).length).toBeGreaterThanOrEqual(38);
  });

  it('refuses each one signed in and signed out, and changes nothing', async () => {
    for (const route of ordered(legacyWrites(w.fx))) {
      const before = await w.snapshot();
      for (const cookie of [cookieFor(route.need), undefined]) {
        for (const a of attacks(w.sut.config.publicOrigin)) {
          // Without a cookie and without an Origin a request is no cross-site attack on anyone's session.
          if (!cookie && a.origin === null) continue;
          const what = `${route.method} ${route.url} (${route.name}) ${cookie ? 'signed in' : 'signed out'}, ${a.label}`;
          const res = await w.send(route.method, route.url, route.body, {
            cookie,
            origin: a.origin,
            headers: { ...route.headers, ...a.headers },
          });
          await expectRefused(res, what);
        }
      }
      expect(diff(before, await w.snapshot()), route.name).toEqual([]);
      // Control: the same request from the site itself is not refused as cross-site.
      const own = await w.send(route.method, route.url, route.body, {
        cookie: cookieFor(route.need),
        headers: route.headers,
      });
      const text = await own.text();
      expect(
        own.status === 403 && text.includes('"csrf"'),
        `${route.name} from our own origin: ${text}`,
      ).toBe(false);
    }
  });

  it('answers a write sent as a GET (a cross-site link or image) without acting', async () => {
    const before = await w.snapshot();
    for (const route of legacyWrites(w.fx)) {
      if (route.name === 'logout.php') continue;
      const fields = route.body.kind === 'form' || route.body.kind === 'multipart' ? route.body.fields : {};
      const query = new URLSearchParams(fields).toString();
      const res = await w.sut.request(`${route.url}${query ? `?${query}` : ''}`, {
        headers: { cookie: cookieFor(route.need), referer: `${EVIL}/` },
      });
      expect(res.status, `GET ${route.url}`).not.toBe(500);
      expect(res.headers.get('content-type') ?? '', `GET ${route.url}`).not.toMatch(/json/);
    }
    expect(diff(before, await w.snapshot())).toEqual([]);
  });
});

describe('tRPC mutations refuse other sites', () => {
  it('refuses each mutation, alone or batched, and changes nothing', async () => {
    const before = await w.snapshot();
    for (const m of trpcMutations(w.fx)) {
      for (const a of attacks(w.sut.config.publicOrigin)) {
        const res = await w.trpc(m.procedure, m.input, {
          cookie: cookieFor(m.need),
          origin: a.origin,
          headers: a.headers,
        });
        await expectRefused(res, `${m.procedure}, ${a.label}`);
      }
      const batch = await w.sut.request(`/trpc/${m.procedure},${m.procedure}?batch=1`, {
        method: 'POST',
        headers: { cookie: cookieFor(m.need), origin: EVIL, 'content-type': 'application/json' },
        body: JSON.stringify({ 0: m.input, 1: m.input }),
      });
      await expectRefused(batch, `${m.procedure} batched`);
      // A text/plain body is what a cross-site <form> can send without a preflight.
      const plain = await w.sut.request(`/trpc/${m.procedure}`, {
        method: 'POST',
        headers: { cookie: cookieFor(m.need), origin: EVIL, 'content-type': 'text/plain' },
        body: JSON.stringify(m.input ?? {}),
      });
      await expectRefused(plain, `${m.procedure} as text/plain`);
    }
    expect(diff(before, await w.snapshot())).toEqual([]);
  });

  it('never runs a mutation sent as a GET', async () => {
    const before = await w.snapshot();
    for (const m of trpcMutations(w.fx)) {
      const res = await w.trpc(m.procedure, m.input, {
        cookie: cookieFor(m.need),
        type: 'query',
        headers: { referer: `${EVIL}/` },
      });
      expect(res.status, m.procedure).toBeGreaterThanOrEqual(400);
      expect(res.status, m.procedure).toBeLessThan(500);
    }
    expect(diff(before, await w.snapshot())).toEqual([]);
  });

  it('lets the site itself call them (the attacks above were real mutations)', async () => {
    // The sign-out control above ended alice's first session.
    const cookie = await w.sut.signIn('alice');
    const res = await w.trpc('me.readNotifications', undefined, { cookie });
    expect(res.status).toBe(200);
  });
});
