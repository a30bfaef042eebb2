import { createHash } from 'node:crypto';
import { cpSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_MEDIA, type TestApp } from '../integration/helpers/test-app';
import { writeCountryMmdb } from './helpers/mmdb';

/** Issue 17, points 1, 6, 7, 8, 10, 11 and the tRPC error rule: each fails without its fix. */

const gateShown = (html: string) => html.includes('data-testid="age-gate"');

describe('the development outbox (point 1)', () => {
  const apps: TestApp[] = [];
  const app = (env: Record<string, string>) => {
    const sut = createTestApp({ videos: 5, env });
    apps.push(sut);
    return sut;
  };
  afterAll(() => {
    for (const sut of apps) sut.close();
  });

  it('is not served in production, the default, even without SMTP', async () => {
    const sut = app({});
    expect(sut.config.env).toBe('production');
    expect(sut.config.mail.transport).toBe('outbox');
    await sut.services.mailer.send({ to: 'a@example.test', subject: 'Restore', text: 'http://x/restore-/t' });
    const res = await sut.request('/dev/mail.json');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('restore');
  });

  it('is served outside production, or when the operator says MAIL_OUTBOX_PUBLIC=1', async () => {
    const envs: Record<string, string>[] = [{ NODE_ENV: 'development' }, { MAIL_OUTBOX_PUBLIC: '1' }];
    for (const env of envs) {
      const sut = app(env);
      await sut.services.mailer.send({ to: 'b@example.test', subject: 'Hi', text: 'hello' });
      const res = await sut.request('/dev/mail.json');
      expect(res.status).toBe(200);
      expect(((await res.json()) as { to: string }[])[0].to).toBe('b@example.test');
    }
  });

  it('is never served with SMTP, whatever the setting', async () => {
    const sut = app({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_OUTBOX_PUBLIC: '1' });
    expect((await sut.request('/dev/mail.json')).status).toBe(404);
  });
});

describe('an HTTP hardened app', () => {
  let sut: TestApp;
  beforeAll(() => {
    sut = createTestApp({ videos: 40 });
  });
  afterAll(() => sut.close());

  const sqlite = () => sut.db.$client;
  const makeModerator = async (name: string) => {
    const id = await sut.createMember(name);
    sqlite().prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(id);
    return sut.signIn(name);
  };

  describe('open redirects (point 8)', () => {
    it.each([
      '//evil.example/abc',
      '///evil/abc',
      '/%5Cevil/abc',
      '/%5C%5Cevil/abc',
      '/\\evil/abc',
      '/%2F%2Fevil/abc',
    ])('%s is sent to a path of this site', async (path) => {
      const res = await sut.request(`http://localhost:3000${path}`);
      expect(res.status).toBe(301);
      const location = res.headers.get('location')!;
      expect(location).toMatch(/^\/[^/\\]/);
      // Resolved as a browser does, it stays on this origin.
      expect(new URL(location, 'http://localhost:3000/').origin).toBe('http://localhost:3000');
    });
  });

  describe('security headers (point 11)', () => {
    const inlineScripts = (html: string) =>
      [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        (m) => !/\bsrc=/.test(m[1]!) && !/application\/json/.test(m[1]!),
      );
    const strict = (csp: string) => {
      const scriptSrc = /script-src ([^;]+)/.exec(csp)![1];
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      return scriptSrc!;
    };

    it('rendered-per-request pages get a strict CSP whose nonce every inline script carries', async () => {
      const res = await sut.request('/login/');
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      strict(csp);
      expect(csp).toContain("frame-ancestors 'self'");
      const inline = inlineScripts(await res.text());
      expect(inline.length).toBeGreaterThan(0);
      for (const m of inline) expect(m[1]).toContain(`nonce="${nonce}"`);
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
    });

    it('stored anonymous pages carry no nonce: their CSP allows exactly their inline scripts by hash', async () => {
      for (const attempt of [1, 2]) {
        const res = await sut.request('/');
        const csp = res.headers.get('content-security-policy')!;
        const scriptSrc = strict(csp);
        expect(scriptSrc, `answer ${attempt}`).not.toContain("'nonce-");
        const allowed = new Set(scriptSrc.split(' ').filter((s) => s.startsWith("'sha256-")));
        const inline = inlineScripts(await res.text());
        expect(inline.length).toBeGreaterThan(0);
        const hashes = inline.map((m) => `'sha256-${createHash('sha256').update(m[2]!).digest('base64')}'`);
        expect(new Set(hashes)).toEqual(allowed);
      }
    });

    it('gives every per-request page its own nonce', async () => {
      const nonceOf = async () =>
        /'nonce-([^']+)'/.exec((await sut.request('/login/')).headers.get('content-security-policy')!)![1];
      expect(await nonceOf()).not.toBe(await nonceOf());
    });

    it('lets any site frame the embed player, and nothing else', async () => {
      const video = sqlite()
        .prepare('SELECT id, dir FROM videos WHERE status_id = 1 ORDER BY id LIMIT 1')
        .get() as { id: number; dir: string };
      const res = await sut.request(`/embed/${video.id}/${video.dir}/`);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).not.toContain('frame-ancestors');
      expect(/script-src ([^;]+)/.exec(csp)![1]).toMatch(/'sha256-/);
      expect(res.headers.get('x-frame-options')).toBeNull();
    });

    it('files and APIs run nothing and are never sniffed', async () => {
      const res = await sut.request(
        '/api/json/videos2/86400/straight/latest-updates/5/all..1.all.0.all.json',
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    });

    it("a signed-in member's pages are private, no-store", async () => {
      await sut.createMember('Headers');
      const cookie = await sut.signIn('Headers');
      const res = await sut.request('/', { headers: { cookie } });
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    });
  });

  describe('cookies', () => {
    it('are Secure only over TLS the site trusts: a forged X-Forwarded-Proto without TRUST_PROXY is ignored', async () => {
      const id = sqlite()
        .prepare('SELECT id FROM videos WHERE status_id = 1 LIMIT 1')
        .pluck()
        .get() as number;
      const res = await sut.request('/api/stats.php', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: sut.config.publicOrigin,
          'x-forwarded-proto': 'https',
        },
        body: new URLSearchParams({ act: 'view', object_id: String(id) }).toString(),
      });
      const visitor = res.headers.getSetCookie().find((c) => c.startsWith('vt_visitor='));
      expect(visitor).toBeTruthy();
      expect(visitor).not.toMatch(/;\s*Secure/i);
    });
  });

  describe('tRPC errors (point 12)', () => {
    it('never echo an internal message; the answer carries the request id', async () => {
      const original = sut.services.catalog.shell;
      sut.services.catalog.shell = () => {
        throw new Error('SQLITE_CORRUPT at /srv/secret/site.db');
      };
      try {
        const res = await sut.request('/trpc/catalog.shell', { headers: { 'x-request-id': 'req-42' } });
        expect(res.status).toBe(500);
        const text = await res.text();
        expect(text).not.toContain('SQLITE');
        expect(text).not.toContain('/srv/secret');
        expect(text).not.toContain('stack');
        expect(JSON.parse(text).error.data).toMatchObject({ code: 'internal_error', request_id: 'req-42' });
      } finally {
        sut.services.catalog.shell = original;
      }
    });
  });

  describe('media of a taken-down upload (point 6)', () => {
    it('every handed-out URL refuses at once, playlist and segments', async () => {
      const uploaderId = await sut.createMember('Uploader6');
      const id = sqlite()
        .prepare('SELECT id FROM videos WHERE status_id = 1 ORDER BY id DESC LIMIT 1')
        .pluck()
        .get() as number;
      cpSync(join(sut.config.mediaDir, TEST_MEDIA), join(sut.config.mediaDir, 'uploads', String(id)), {
        recursive: true,
      });
      sqlite()
        .prepare('UPDATE videos SET media_path = ?, uploader_id = ? WHERE id = ?')
        .run(`uploads/${id}`, uploaderId, id);
      const file = await sut.json(`/api/videofile.php?video_id=${id}`);
      const master = Buffer.from(file.body[0].video_url, 'base64').toString();
      const segment = master.replace('master.m3u8', '360p/seg-0000.ts');
      expect((await sut.request(master)).status).toBe(200);
      expect((await sut.request(segment)).status).toBe(200);

      const moderator = await makeModerator('Mod6');
      const r = await sut.request('/trpc/moderation.takeDown', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: moderator, origin: sut.config.publicOrigin },
        body: JSON.stringify({ videoId: id, note: 'a takedown notice' }),
      });
      expect(r.status).toBe(200);

      expect((await sut.request(master)).status).toBe(404);
      expect((await sut.request(segment)).status).toBe(404);
      // Staff still review it; the URL stays no good to anyone else.
      const staff = await sut.request(segment, { headers: { cookie: moderator } });
      expect(staff.status).toBe(200);
      expect(staff.headers.get('cache-control')).toBe('private, no-store');
    });
  });

  describe('private is private at once (point 7)', () => {
    it('a playlist made private is refused to others on the very next read, and was never sent public', async () => {
      await sut.createMember('Owner7');
      await sut.createMember('Other7');
      const owner = await sut.signIn('Owner7');
      const other = await sut.signIn('Other7');
      const created = await sut.post(
        '/api/input.php',
        { act: 'playlist_new', title: 'Drive-in nights', desc: 'Films for a summer night', visible: '1' },
        { cookie: owner },
      );
      expect(created.body).toMatchObject({ ok: true });
      const playlistId = created.body.playlist_id as number;
      const bucket = Math.floor(playlistId / 1000) * 1000;
      const json = `/api/json/playlist/86400/${bucket}/${playlistId}.json`;
      const list = `/api/json/videos2/86400/straight/latest-updates/10/playlist.${playlistId}.1.all.0.all.json`;
      const before = await sut.request(json);
      expect(before.status).toBe(200);
      expect(before.headers.get('cache-control')).toBe('private, no-cache');
      expect((await sut.request(list)).headers.get('cache-control')).toBe('private, no-cache');

      const made = await sut.post(
        '/api/input.php',
        {
          act: 'playlist_upd',
          playlist_id: String(playlistId),
          title: 'Drive-in nights',
          desc: 'Films for a summer night',
          visible: '0',
        },
        { cookie: owner },
      );
      expect(made.body).toMatchObject({ ok: true });
      for (const cookie of [undefined, other]) {
        const headers: Record<string, string> = cookie ? { cookie } : {};
        expect((await sut.request(json, { headers })).status).toBe(403);
        expect((await sut.request(list, { headers })).status).toBe(403);
      }
    });

    it('a member page section made private is refused at once', async () => {
      const id = await sut.createMember('Private7');
      const cookie = await sut.signIn('Private7');
      const bucket = Math.floor(id / 1000) * 1000;
      const friends = `/api/json/member/86400/friends/${bucket}/${id}.json`;
      const before = await sut.request(friends);
      expect(before.status).toBe(200);
      expect(before.headers.get('cache-control')).toBe('private, no-cache');
      const r = await sut.post(
        '/api/member.php',
        { section: 'privacy', private_sections: 'friends' },
        { cookie },
      );
      expect(r.body).toMatchObject({ ok: true });
      expect((await sut.request(friends)).status).toBe(403);
    });
  });
});

describe('the country (point 10)', () => {
  let prod: TestApp;
  beforeAll(() => {
    // The production defaults: no trusted proxy, the default gate list.
    prod = createTestApp({
      videos: 20,
      env: { TRUST_COUNTRY_HEADER: '0', AGE_GATE_COUNTRIES: 'eu,us,gb,unknown' },
    });
  });
  afterAll(() => prod.close());

  it('gates visitors whose country is not known by default', () => {
    const defaults = createTestApp({
      videos: 1,
      env: { AGE_GATE_COUNTRIES: undefined as unknown as string },
    });
    try {
      expect(defaults.config.ageGate.unknown).toBe(true);
    } finally {
      defaults.close();
    }
  });

  it('ignores a country header anyone can send, so it cannot switch the gate off', async () => {
    expect(prod.config.trustCountryHeader).toBe(false);
    for (const country of ['AU', 'TV', 'JP']) {
      const html = await (await prod.request('/', { headers: { 'cf-ipcountry': country } })).text();
      expect(gateShown(html)).toBe(true);
    }
  });

  it("ignores the visitor's own country cookie too", async () => {
    const html = await (await prod.request('/', { headers: { cookie: 'country=au' } })).text();
    expect(gateShown(html)).toBe(true);
  });

  it('places a visitor with a local GeoIP database when one is configured, still ignoring the header', async () => {
    const mmdb = join(prod.config.dataDir, 'country.mmdb');
    writeCountryMmdb(mmdb, 127, 'DE');
    const located = createTestApp({
      videos: 5,
      env: { TRUST_COUNTRY_HEADER: '0', AGE_GATE_COUNTRIES: 'de', GEOIP_DATABASE: mmdb },
    });
    const server = createServer(getRequestListener(located.app.fetch));
    try {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const page = async (headers: Record<string, string>) =>
        (await fetch(`http://127.0.0.1:${port}/`, { headers })).text();
      // From 127.0.0.1, which the database places in Germany: gated, whatever the header claims.
      expect(gateShown(await page({}))).toBe(true);
      expect(gateShown(await page({ 'cf-ipcountry': 'AU' }))).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      located.close();
    }
  });

  it('reads the header behind a trusted proxy', async () => {
    const behind = createTestApp({
      videos: 5,
      env: { TRUST_PROXY: '1', AGE_GATE_COUNTRIES: 'eu,us,gb,unknown' },
    });
    try {
      const html = await (await behind.request('/', { headers: { 'cf-ipcountry': 'AU' } })).text();
      expect(gateShown(html)).toBe(false);
    } finally {
      behind.close();
    }
  });
});
