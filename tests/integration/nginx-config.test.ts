import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { request } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '../../apps/api/src/config';
import { DEFAULT_BODY_LIMIT, FILE_ROUTES } from '../../apps/api/src/http/body-limits';
import { SESSION_COOKIE } from '../../apps/api/src/lib/session-cookie';
import { createMediaUrls } from '../../apps/api/src/services/media-urls.service';
import { precompress } from '../../scripts/precompress.mjs';
import { mainConfig, missingTools, NGINX_TEMPLATE, renderTemplate, templateSettings } from './helpers/nginx';

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

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

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
    const countryHeader = EnvSchema.shape.COUNTRY_HEADER.parse(undefined).replaceAll('-', '_');
    expect(key).toContain(`$http_${countryHeader}`);
    expect(template).toContain(`map $cookie_${SESSION_COOKIE} $vintagetube_member`);
  });
});

describe.skipIf(missing)('nginx template under Debian nginx', () => {
  let dir: string;
  let nginx: ChildProcess | undefined;
  let upstream: Server;
  let https = 0;
  let cert = '';
  const upstreamHits: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vt-nginx-'));
    for (const d of ['tmp', 'cache', 'static/assets', 'media/uploads/42/720p', 'media/uploads/43']) {
      mkdirSync(join(dir, d), { recursive: true });
    }
    const key = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'] //
        .concat(['-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { encoding: 'utf8' },
    );
    expect(key.status, key.stderr).toBe(0);
    cert = readFileSync(join(dir, 'cert.pem'), 'utf8');

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
    https = await freePort();
    const mediaPort = await freePort();
    const site = renderTemplate({
      SERVER_NAME: 'localhost',
      LISTEN_HTTP: `127.0.0.1:${await freePort()}`,
      LISTEN_HTTPS: `127.0.0.1:${https}`,
      TLS_CERTIFICATE: join(dir, 'cert.pem'),
      TLS_CERTIFICATE_KEY: join(dir, 'key.pem'),
      API_UPSTREAM: `127.0.0.1:${apiPort}`,
      MEDIA_SECRET: SECRET,
      MEDIA_STORE_UPSTREAM: `127.0.0.1:${mediaPort}`,
      MEDIA_STORE_PREFIX: '',
      MEDIA_FILES_LISTEN: `127.0.0.1:${mediaPort}`,
      MEDIA_ROOT: join(dir, 'media'),
      STATIC_ROOT: join(dir, 'static'),
      CACHE_DIR: join(dir, 'cache'),
      MICROCACHE_SECONDS: '30',
      UPLOAD_BODY_MAX: `${EnvSchema.shape.UPLOAD_CHUNK_MB.parse(undefined) + 1}m`,
    });
    writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir, site));
  });

  afterAll(async () => {
    if (nginx?.pid) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      process.kill(nginx.pid, 'SIGTERM');
      await exited;
    }
    await new Promise((resolve) => upstream?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}, body?: Buffer) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: https,
            path,
            servername: 'localhost',
            ca: cert,
            headers,
            method: body ? 'POST' : 'GET',
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      },
    );

  it('passes nginx -t', () => {
    const r = spawnSync('nginx', ['-t', '-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf')], {
      encoding: 'utf8',
    });
    expect(r.stderr).toContain('syntax is ok');
    expect(r.stderr).toContain('test is successful');
    expect(r.status).toBe(0);
  });

  it('starts and answers over TLS', async () => {
    nginx = spawn('nginx', ['-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'inherit' });
    await expect
      .poll(async () => (await get('/nginx-health').catch(() => ({ status: 0 }))).status, { timeout: 10_000 })
      .not.toBe(0);
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
