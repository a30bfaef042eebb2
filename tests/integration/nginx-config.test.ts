import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server as HttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '../../apps/api/src/config';
import { DEFAULT_BODY_LIMIT, FILE_ROUTES } from '../../apps/api/src/http/body-limits';
import { SESSION_COOKIE } from '../../apps/api/src/http/session-cookie';
import { serveCachedLegacy } from '../../apps/api/src/legacy/cache-fast-path';
import { createPageFastPath } from '../../apps/api/src/pages/page-fast-path';
import { createMediaUrls } from '../../apps/api/src/services/media/media-urls.service';
import { precompress } from '../../scripts/precompress.mjs';
import { freePort, launchNginx, missingTools, NGINX_TEMPLATE, templateSettings } from './helpers/nginx';
import { createTestApp, SEGMENT_BYTES, TEST_MEDIA, type TestApp } from './helpers/test-app';

/**
 * deploy/nginx/templates/vintagetube.conf.template: Debian's `nginx -t` accepts it, its limits and media
 * signature match the code, and a running nginx with it (in front of an upstream that answers the way the
 * app's pages do, ADR 0019) serves precompressed assets, checks signed media URLs and microcaches only
 * anonymous pages.
 */
const missing = missingTools();
const MB = 1024 * 1024;
const template = readFileSync(NGINX_TEMPLATE, 'utf8');
const SECRET = 'a-media-secret-of-the-test-0123456789';

const sizeOf = (value: string) => {
  const m = /^(\d+)([km]?)$/.exec(value);
  if (!m) throw new Error(`not a size: ${value}`);
  return Number(m[1]) * (m[2] === 'm' ? MB : m[2] === 'k' ? 1024 : 1);
};

describe('nginx template: what the code says', () => {
  it('gives every route that takes a file at least the app limit, and not much more', () => {
    const exact = new Map(
      [...template.matchAll(/location = (\S+) \{\s*client_max_body_size (\w+);/g)].map((m) => [
        m[1]!,
        sizeOf(m[2]!),
      ]),
    );
    for (const [path, { maxBytes }] of Object.entries(FILE_ROUTES)) {
      const limit = exact.get(path);
      expect(limit, path).toBeDefined();
      // Over the app's limit so that the app's own translated 413 answers; nginx stops only the excess.
      expect(limit!, path).toBeGreaterThanOrEqual(maxBytes);
      expect(limit!, path).toBeLessThanOrEqual(maxBytes + 2 * MB);
    }
    const serverDefault = /\n {4}client_max_body_size (\w+);/.exec(template);
    expect(sizeOf(serverDefault![1]!)).toBeGreaterThanOrEqual(DEFAULT_BODY_LIMIT);
    expect(sizeOf(serverDefault![1]!)).toBeLessThanOrEqual(16 * DEFAULT_BODY_LIMIT);
    // tus: one PATCH carries one chunk of UPLOAD_CHUNK_MB; the setting is rendered per deployment.
    expect(template).toMatch(
      /location ~ \^\/api\/upload\(\/\|\$\) \{\s*client_max_body_size \$\{UPLOAD_BODY_MAX\};/,
    );
  });

  it('checks the media signature the app makes with MEDIA_SIGNATURE=nginx', () => {
    const now = 1_900_000_000;
    const urls = createMediaUrls({
      secret: SECRET,
      ttlSeconds: 3600,
      clock: { now: () => now },
      scheme: 'nginx',
    });
    const { url } = urls.signedHls('uploads/42');
    const location = /location ~ "(\^\/media\/[^"]+)"/.exec(template)![1]!;
    const m = new RegExp(location).exec(`${url.replace(/master\.m3u8$/, '')}720p/seg-0001.m4s`);
    expect(m?.groups).toBeDefined();
    const g = m!.groups!;
    // secure_link_md5's expression, with the captured parts, is what the app signed.
    const expression = /secure_link_md5 "([^"]+)";/.exec(template)![1]!;
    const signed = expression
      .replace(/\$(vintagetube_\w+)/g, (_, name: string) => g[name]!)
      .replace(/\$\{MEDIA_SECRET\}/, SECRET);
    expect(signed).toBe(`${g.vintagetube_exp}/uploads~42 ${SECRET}`);
    expect(urls.verify(Number(g.vintagetube_exp), g.vintagetube_sig!, 'uploads/42')).toBe(true);
    expect(template).toContain('secure_link $vintagetube_sig,$vintagetube_exp;');
  });

  it('names only settings it documents, and keys the microcache by what the app keys its page cache by', () => {
    const header = template.slice(0, template.indexOf('upstream'));
    for (const name of templateSettings()) expect(header, name).toContain(name);
    const key = /proxy_cache_key "([^"]+)"/.exec(template)![1]!;
    for (const part of ['$cookie_lang', '$cookie_orientation', '$cookie_country', '$cookie_age_verified']) {
      expect(key).toContain(part);
    }
    // The located country comes from COUNTRY_HEADER (default cf-ipcountry).
    const countryHeader = EnvSchema.shape.COUNTRY_HEADER.parse(undefined);
    expect(key).toContain('$vintagetube_country');
    expect(template).toContain(`"1"     $http_${countryHeader.replaceAll('-', '_')};`);
    expect(template.toLowerCase()).toContain(`proxy_set_header ${countryHeader} $vintagetube_country;`);
    expect(template).toContain(`map $cookie_${SESSION_COOKIE} $vintagetube_member`);
  });
});

/** The reason shows in the report when skipped (the test name carries it). */
const skipped = (name: string, reason: string | null) => (reason ? `${name} (skipped: ${reason})` : name);

describe.skipIf(missing)(skipped('nginx template under Debian nginx', missing), () => {
  let dir: string;
  let nginx: Awaited<ReturnType<typeof launchNginx>>;
  let upstream: Server;
  const upstreamHits: string[] = [];
  const get = (...args: Parameters<typeof nginx.get>) => nginx.get(...args);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vt-nginx-files-'));
    for (const d of ['static/assets', 'media/uploads/42/720p', 'media/uploads/43']) {
      mkdirSync(join(dir, d), { recursive: true });
    }
    // The web build's assets, precompressed by the same step the build runs.
    writeFileSync(
      join(dir, 'static/assets/entry-abc123.js'),
      `export const x = "${'vintage '.repeat(400)}";\n`,
    );
    precompress(join(dir, 'static'));
    writeFileSync(
      join(dir, 'media/uploads/42/master.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n720p/index.m3u8\n',
    );
    writeFileSync(join(dir, 'media/uploads/42/720p/seg-0001.m4s'), Buffer.alloc(4096, 7));
    writeFileSync(join(dir, 'media/uploads/42/restoration-before.jpg'), 'still');
    writeFileSync(join(dir, 'media/uploads/43/master.m3u8'), '#EXTM3U\n');

    // An upstream that answers as the app's pages do (ADR 0019): public with a shared lifetime for visitors,
    // private for a session cookie, and turned private when it sets a cookie.
    upstream = createServer((req, res) => {
      upstreamHits.push(`${req.method} ${req.url}`);
      const hits = upstreamHits.filter((h) => h === `${req.method} ${req.url}`).length;
      const member = (req.headers.cookie ?? '').includes(`${SESSION_COOKIE}=`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', "default-src 'self'");
      res.setHeader('Vary', 'Accept-Encoding, Cookie');
      if (req.url === '/lang-choice/') {
        res.setHeader('Set-Cookie', 'lang=de; Path=/');
        res.setHeader('Cache-Control', 'private, no-cache');
      } else {
        res.setHeader('Cache-Control', member ? 'private, no-store' : 'public, max-age=0, s-maxage=60');
      }
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
      });
      req.on('end', () => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(`render ${hits} of ${req.url} (${size} bytes in)`);
      });
    });
    const apiPort = await freePort();
    await new Promise<void>((resolve) => upstream.listen(apiPort, '127.0.0.1', resolve));
    nginx = await launchNginx({
      apiPort,
      mediaSecret: SECRET,
      mediaRoot: join(dir, 'media'),
      staticRoot: join(dir, 'static'),
      uploadChunkMb: EnvSchema.shape.UPLOAD_CHUNK_MB.parse(undefined),
    });
  });

  afterAll(async () => {
    await nginx?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes nginx -t', () => {
    expect(nginx.check.stderr).toContain('syntax is ok');
    expect(nginx.check.stderr).toContain('test is successful');
    expect(nginx.check.status).toBe(0);
  });

  it('starts and answers over TLS', async () => {
    await nginx.start();
    expect((await get('/nginx-health')).status).toBe(200);
  });

  it('serves a precompressed asset with Content-Encoding and Vary, and the identity to others', async () => {
    const original = readFileSync(join(dir, 'static/assets/entry-abc123.js'));
    const gz = await get('/assets/entry-abc123.js', { 'accept-encoding': 'gzip, br' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    const plain = await get('/assets/entry-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('serves a signed media URL, and refuses a tampered, moved or expired one', async () => {
    const urls = (now: number) =>
      createMediaUrls({ secret: SECRET, ttlSeconds: 3600, clock: { now: () => now }, scheme: 'nginx' });
    const { url } = urls(Math.floor(Date.now() / 1000)).signedHls('uploads/42');
    const master = await get(url);
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body.toString()).toContain('720p/index.m3u8');
    expect(master.headers['cache-control']).toBe('private, max-age=3600');
    const segment = await get(url.replace('master.m3u8', '720p/seg-0001.m4s'));
    expect(segment.status).toBe(200);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.body.length).toBe(4096);

    const [, , exp, sig] = url.split('/');
    const tampered = sig!.startsWith('A') ? `B${sig!.slice(1)}` : `A${sig!.slice(1)}`;
    const forged = await get(url.replace(sig!, tampered));
    expect(forged.status).toBe(403);
    expect(forged.headers['cache-control']).toBe('no-store');
    // The same signature does not open another video's directory.
    expect((await get(url.replace('uploads~42', 'uploads~43'))).status).toBe(403);
    expect((await get(url.replace(exp!, String(Number(exp) + 3600)))).status).toBe(403);
    const old = urls(Math.floor(Date.now() / 1000) - 30 * 86_400).signedHls('uploads/42');
    expect((await get(old.url)).status).toBe(410);
    // Signed but not the ladder's: the restoration stills and unknown files stay closed.
    expect((await get(url.replace('master.m3u8', 'restoration-before.jpg'))).status).toBe(404);
    expect((await get(url.replace('master.m3u8', 'nothing.m3u8'))).status).toBe(404);
  });

  it('microcaches an anonymous page, never a member page or an answer that sets a cookie', async () => {
    const first = await get('/videos/7/a-film/');
    const second = await get('/videos/7/a-film/');
    expect(first.headers['x-microcache']).toBe('MISS');
    expect(second.headers['x-microcache']).toBe('HIT');
    expect(second.body.toString()).toBe(first.body.toString());
    // The app's own headers pass through once each; HSTS is the only one nginx adds.
    expect(second.headers['cache-control']).toBe('public, max-age=0, s-maxage=60');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');

    // A country header from a visitor (no CDN in front) is dropped: same page, same entry.
    const spoofed = await get('/videos/7/a-film/', { 'cf-ipcountry': 'DE' });
    expect(spoofed.headers['x-microcache']).toBe('HIT');

    // Another language is another page.
    const german = await get('/videos/7/a-film/', { cookie: 'lang=de' });
    expect(german.headers['x-microcache']).toBe('MISS');

    const member = await get('/videos/7/a-film/', { cookie: `${SESSION_COOKIE}=abc` });
    expect(member.headers['x-microcache']).toBe('BYPASS');
    expect(member.body.toString()).toMatch(/^render 3 of/);
    expect(member.headers['cache-control']).toBe('private, no-store');
    // The member's private answer was not stored for the next visitor.
    expect((await get('/videos/7/a-film/')).body.toString()).toBe(first.body.toString());

    await get('/lang-choice/');
    const again = await get('/lang-choice/');
    expect(again.headers['x-microcache']).not.toBe('HIT');
    expect(again.headers['set-cookie']).toEqual(['lang=de; Path=/']);
  });

  it("stops bodies over the app's limits and streams the rest to it", async () => {
    expect((await get('/api/json/anything', {}, Buffer.alloc(2 * MB))).status).toBe(413);
    const captions = await get('/trpc/moderation.setCaptions', {}, Buffer.alloc(MB + 1024));
    expect(captions.status).toBe(200);
    expect(captions.body.toString()).toContain(`(${MB + 1024} bytes in)`);
  });
});

/** The real app (its pages need the web build, which `npm test` makes before vitest) behind the template. */
const built = existsSync('apps/web/build/client/assets');
describe.skipIf(missing || !built)(
  skipped('nginx template in front of the app', missing ?? (built ? null : 'no web build: npm run build')),
  () => {
    let sut: TestApp;
    let server: HttpServer;
    let nginx: Awaited<ReturnType<typeof launchNginx>>;

    beforeAll(async () => {
      sut = createTestApp({ videos: 60, env: { MEDIA_SIGNATURE: 'nginx', MEDIA_SECRET: SECRET } });
      // The listener main.ts runs: the JSON and page fast paths first, then the app.
      const app = getRequestListener(sut.app.fetch);
      const pages = createPageFastPath(sut.pageCache, sut.services, sut.config);
      server = createServer((req, res) => {
        if (!serveCachedLegacy(sut.cache, req, res) && !pages(req, res)) void app(req, res);
      });
      const apiPort = await freePort();
      await new Promise<void>((resolve) => server.listen(apiPort, '127.0.0.1', resolve));
      nginx = await launchNginx({
        apiPort,
        mediaSecret: SECRET,
        mediaRoot: sut.config.mediaDir,
        staticRoot: join(sut.config.webBuildDir, 'client'),
        uploadChunkMb: sut.config.uploadChunkBytes / MB,
      });
      expect(nginx.check.status, nginx.check.stderr).toBe(0);
      await nginx.start();
    });

    afterAll(async () => {
      await nginx?.stop();
      await new Promise((resolve) => server?.close(resolve));
      sut?.close();
    });

    it("caches an anonymous page by the app's own headers, with each security header once", async () => {
      const first = await nginx.get('/categories/', { 'accept-encoding': 'gzip' });
      const second = await nginx.get('/categories/', { 'accept-encoding': 'gzip' });
      expect(first.status).toBe(200);
      expect(first.headers['x-microcache']).toBe('MISS');
      expect(second.headers['x-microcache']).toBe('HIT');
      expect(gunzipSync(second.body).toString()).toContain('</html>');
      expect(second.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
      // Node joins a repeated header with ", ": each appears once, as the app sent it.
      expect(second.headers['x-content-type-options']).toBe('nosniff');
      expect(second.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(second.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(String(second.headers['content-security-policy'])).not.toMatch(/default-src[\s\S]*default-src/);
      expect(second.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    });

    it('never caches a signed-in page or an answer that sets a cookie', async () => {
      await sut.createMember('Nginxer');
      const cookie = await sut.signIn('Nginxer');
      const member = await nginx.get('/categories/', { cookie });
      expect(member.headers['x-microcache']).toBe('BYPASS');
      expect(member.headers['cache-control']).toMatch(/private/);
      const again = await nginx.get('/categories/', { cookie });
      expect(again.headers['x-microcache']).toBe('BYPASS');

      const choice = await nginx.get('/categories/?lang=de');
      expect(choice.headers['set-cookie']).toBeDefined();
      const choiceAgain = await nginx.get('/categories/?lang=de');
      expect(choiceAgain.headers['x-microcache']).not.toBe('HIT');
      expect(choiceAgain.headers['set-cookie']).toBeDefined();
    });

    it("serves the build's precompressed assets itself", async () => {
      const assets = join(sut.config.webBuildDir, 'client', 'assets');
      const js = readdirSync(assets).find((f) => f.endsWith('.js') && existsSync(join(assets, `${f}.gz`)))!;
      const res = await nginx.get(`/assets/${js}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(gunzipSync(res.body).equals(readFileSync(join(assets, js)))).toBe(true);
    });

    it('serves the HLS URL the app hands out, and refuses it altered', async () => {
      const { url } = sut.services.urls.signedHls(TEST_MEDIA);
      // The app accepts the same URL itself (it verifies the nginx form too).
      expect((await sut.request(url)).status).toBe(200);
      const master = await nginx.get(url);
      expect(master.status).toBe(200);
      expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const segment = await nginx.get(url.replace('master.m3u8', '360p/seg-0000.ts'));
      expect(segment.status).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.body.length).toBe(SEGMENT_BYTES);
      const [, , , sig] = url.split('/');
      const forged = url.replace(sig!, `${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`);
      expect((await nginx.get(forged)).status).toBe(403);
    });
  },
);
