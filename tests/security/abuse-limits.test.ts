import { catalogs, LANGS } from '@vt/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../apps/api/src/services/limits/limits';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

/**
 * Issue 17 §9: every write a bot would repeat has a limit, answered 429 `too_many_requests` in the spec's
 * error shape; views count once per visitor. TRUST_PROXY lets each test speak from an address of its own.
 */
let sut: TestApp;
let videoId: number;
let albumId: number;
beforeAll(() => {
  sut = createTestApp({ videos: 20, photos: 2, env: { TRUST_PROXY: '1', MAIL_OUTBOX_PUBLIC: '1' } });
  const first = (sql: string) => sut.db.$client.prepare(sql).pluck().get() as number;
  videoId = first('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1');
  albumId = first('SELECT id FROM albums WHERE status_id = 1 ORDER BY id LIMIT 1');
});
afterAll(() => sut.close());

let addresses = 0;
/** A fresh client address, so one test's spending never limits another's. */
const newAddress = () => `198.51.100.${++addresses}`;

const send = async (
  path: string,
  fields: Record<string, string | number>,
  opts: { ip: string; cookie?: string },
) => {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    origin: sut.config.publicOrigin,
    'x-forwarded-for': opts.ip,
  };
  if (opts.cookie) headers.cookie = opts.cookie;
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
  const res = await sut.request(path, { method: 'POST', headers, body });
  return { res, body: (await res.json()) as Record<string, any> };
};

let members = 0;
/** A signed-in member of its own: limits per member start from zero. */
async function member() {
  const name = `Limited${++members}`;
  const id = await sut.createMember(name);
  return { id, cookie: await sut.signIn(name) };
}

/** Sends `allowed` requests that must pass the limit, then one that must be refused. */
async function expectLimit(
  allowed: number,
  request: () => Promise<{ res: Response; body: Record<string, any> }>,
): Promise<Record<string, any>> {
  for (let i = 0; i < allowed; i++) {
    const { res, body } = await request();
    expect(res.status, `request ${i + 1}: ${JSON.stringify(body)}`).not.toBe(429);
  }
  const { res, body } = await request();
  expect(res.status).toBe(429);
  expect(body.code).toBe('too_many_requests');
  expect(typeof body.error).toBe('string');
  return body;
}

describe('registration and account mails', () => {
  it(`allows ${LIMITS.register.points} registrations an hour from one address`, async () => {
    const ip = newAddress();
    let n = 0;
    const body = await expectLimit(LIMITS.register.points, () =>
      send(
        '/api/register.php',
        { adult: '1', usr: `Signup${++n}`, pwd: 'reels-forever', email: `s${n}@example.test` },
        { ip },
      ),
    );
    expect(body).toEqual({ error: expect.any(String), code: 'too_many_requests' });
    // Someone else is not held back by that address.
    const other = await send(
      '/api/register.php',
      { adult: '1', usr: 'SignupElse', pwd: 'reels-forever', email: 'else@example.test' },
      { ip: newAddress() },
    );
    expect(other.body).toEqual({ ok: true, confirm: true });
  });

  it(`sends one email address at most ${LIMITS.mailPerEmail.points} account mails an hour`, async () => {
    await sut.createMember('MailFlood', 'secret-pass', 'flooded@example.test');
    // From a new address each time: the count is the recipient's.
    await expectLimit(LIMITS.mailPerEmail.points, () =>
      send('/api/restore.php', { email: 'flooded@example.test' }, { ip: newAddress() }),
    );
    const mails = (await sut.json('/dev/mail.json')).body as { to: string }[];
    expect(mails.filter((m) => m.to === 'flooded@example.test')).toHaveLength(LIMITS.mailPerEmail.points);
  });

  it(`lets one address ask for at most ${LIMITS.mailPerAddress.points} account mails an hour`, async () => {
    const ip = newAddress();
    let n = 0;
    await expectLimit(LIMITS.mailPerAddress.points, () =>
      send('/api/restore.php', { email: `nobody${++n}@example.test` }, { ip }),
    );
  });
});

describe('member writes', () => {
  it(`allows ${LIMITS.comment.points} comments a minute per member`, async () => {
    const me = await member();
    let n = 0;
    const body = await expectLimit(LIMITS.comment.points, () =>
      send(
        '/api/stats.php',
        { act: 'comm', object_id: videoId, msg: `A fine old film, part ${++n}` },
        { ip: newAddress(), cookie: me.cookie },
      ),
    );
    // Comment errors show under the box (form.error), not as a toast.
    expect(body.notify).toBeUndefined();
    // Another member can still comment.
    const other = await member();
    const ok = await send(
      '/api/stats.php',
      { act: 'comm', object_id: videoId, msg: 'Still allowed to talk' },
      { ip: newAddress(), cookie: other.cookie },
    );
    expect(ok.body.comment_id).toEqual(expect.any(Number));
  });

  it(`allows ${LIMITS.message.points} private messages per member in ten minutes`, async () => {
    const [me, friend] = [await member(), await member()];
    const body = await expectLimit(LIMITS.message.points, () =>
      send(
        '/api/messages.php',
        { act: 'send', to: friend.id, msg: 'Hello there' },
        { ip: newAddress(), cookie: me.cookie },
      ),
    );
    expect(body.notify).toBe(true);
  });

  it(`allows ${LIMITS.wallPost.points} wall posts per member in ten minutes`, async () => {
    const [me, friend] = [await member(), await member()];
    await expectLimit(LIMITS.wallPost.points, () =>
      send(
        '/api/input.php',
        { act: 'wall', section: 'member', object_id: friend.id, msg: 'Nice profile you have' },
        { ip: newAddress(), cookie: me.cookie },
      ),
    );
  });

  it(`allows ${LIMITS.playlistCreate.points} new playlists per member an hour`, async () => {
    const me = await member();
    let n = 0;
    await expectLimit(LIMITS.playlistCreate.points, () =>
      send(
        '/api/input.php',
        { act: 'playlist_new', title: `Evenings ${++n}`, desc: 'Good ones for later' },
        { ip: newAddress(), cookie: me.cookie },
      ),
    );
  });

  it(`allows ${LIMITS.friendRequest.points} friend requests per member an hour`, async () => {
    const me = await member();
    const targets = await Promise.all(Array.from({ length: 3 }, () => member()));
    let n = 0;
    await expectLimit(LIMITS.friendRequest.points, () =>
      send(
        '/api/input.php',
        { act: 'friends', object_id: targets[++n % 3]!.id },
        { ip: newAddress(), cookie: me.cookie },
      ),
    );
  });

  it(`allows ${LIMITS.vote.points} votes per member in ten minutes, on both vote paths`, async () => {
    const me = await member();
    let n = 0;
    await expectLimit(LIMITS.vote.points, () =>
      send(
        ++n % 2 ? '/api/stats.php' : '/api/input.php',
        { act: 'vote', vote: 1, object_id: videoId },
        { ip: newAddress(), cookie: me.cookie },
      ),
    );
  });
});

describe('view counting', () => {
  const viewed = () =>
    sut.db.$client.prepare('SELECT video_viewed FROM videos WHERE id = ?').pluck().get(videoId) as number;

  it('adds 1 for 300 act=view calls from one client, and 1 more for another visitor', async () => {
    await sut.services.views.flush();
    const before = viewed();
    const ip = newAddress();
    const first = await send('/api/stats.php', { act: 'view', object_id: videoId }, { ip });
    expect(first.body).toEqual({ ok: true });
    const cookie = first.res.headers
      .getSetCookie()
      .find((c) => c.startsWith('vt_visitor='))!
      .split(';')[0]!;
    for (let i = 1; i < 300; i++) {
      const { body } = await send('/api/stats.php', { act: 'view', object_id: videoId }, { ip, cookie });
      expect(body).toEqual({ ok: true });
    }
    await sut.services.views.flush();
    expect(viewed()).toBe(before + 1);

    // A second browser behind the same address is another visitor.
    await send(
      '/api/stats.php',
      { act: 'view', object_id: videoId },
      { ip, cookie: 'vt_visitor=second-browser-0000000' },
    );
    await sut.services.views.flush();
    expect(viewed()).toBe(before + 2);
  });

  it('adds 1 for 300 tRPC stats.view calls (the player page) from one client', async () => {
    await sut.services.views.flush();
    const before = viewed();
    const ip = newAddress();
    let cookie = '';
    for (let i = 0; i < 300; i++) {
      const res = await sut.request('/trpc/stats.view', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: sut.config.publicOrigin,
          'x-forwarded-for': ip,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ videoId }),
      });
      expect(res.status).toBe(200);
      if (!cookie)
        cookie = res.headers
          .getSetCookie()
          .find((c) => c.startsWith('vt_visitor='))!
          .split(';')[0]!;
    }
    await sut.services.views.flush();
    expect(viewed()).toBe(before + 1);
  });

  it('does not let one address inflate a count by sending a new cookie each time', async () => {
    await sut.services.views.flush();
    const before = viewed();
    const ip = newAddress();
    for (let i = 0; i < 100; i++)
      await send(
        '/api/stats.php',
        { act: 'view', object_id: videoId },
        { ip, cookie: `vt_visitor=${String(i).padStart(22, 'r')}` },
      );
    await sut.services.views.flush();
    expect(viewed() - before).toBeLessThanOrEqual(20);
  });

  it('counts album views once per visitor too', async () => {
    await sut.services.views.flush();
    const albumViews = () =>
      sut.db.$client.prepare('SELECT album_viewed FROM albums WHERE id = ?').pluck().get(albumId) as number;
    const before = albumViews();
    const ip = newAddress();
    for (let i = 0; i < 50; i++)
      await send(
        '/api/stats.php',
        { act: 'view', section: 'album', object_id: albumId },
        { ip, cookie: 'vt_visitor=album-visitor-00000000' },
      );
    await sut.services.views.flush();
    expect(albumViews()).toBe(before + 1);
  });
});

describe('the answer the web app shows', () => {
  it('has too_many_requests and weak_password in every language, translated', () => {
    const en = catalogs.en as any;
    for (const lang of LANGS) {
      const c = catalogs[lang] as any;
      for (const text of [
        c.form.error.too_many_requests,
        c.notify.too_many_requests,
        c.form.error.weak_password,
      ])
        expect(text, lang).toEqual(expect.stringMatching(/\S/));
      if (lang !== 'en') {
        expect(c.form.error.too_many_requests, lang).not.toBe(en.form.error.too_many_requests);
        expect(c.form.error.weak_password, lang).not.toBe(en.form.error.weak_password);
      }
    }
  });
});
