import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openDb } from '@vt/db';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { createApp } from '../../../apps/api/src/app';
import { loadConfig } from '../../../apps/api/src/config';
import { createLogger } from '../../../apps/api/src/logger';
import type { ExternalProvider } from '../../../apps/api/src/services/auth/external-auth.service';
import { hashPassword } from '../../../apps/api/src/services/auth/password';
import { writeDemoLoops } from '../../../packages/db/src/seed/demo-loops';
import { type DemoMedia, seedDemo } from '../../../packages/db/src/seed/seed';

export const TEST_MEDIA = 'test/clip-1';
export const SEGMENT_BYTES = 1000;

/** Fake processed media: enough files for the signing, MIME, range and VTT paths. */
function writeFakeMedia(mediaDir: string) {
  const dir = join(mediaDir, TEST_MEDIA);
  mkdirSync(join(dir, '360p'), { recursive: true });
  mkdirSync(join(dir, 'sprites'), { recursive: true });
  writeFileSync(
    join(dir, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p/index.m3u8\n',
  );
  writeFileSync(join(dir, '360p', 'index.m3u8'), '#EXTM3U\n#EXTINF:10.0,\nseg-0000.ts\n#EXT-X-ENDLIST\n');
  writeFileSync(join(dir, '360p', 'seg-0000.ts'), Buffer.alloc(SEGMENT_BYTES, 7));
  writeFileSync(join(dir, 'thumb.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(join(dir, 'sprites', 'sprite-001.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(
    join(dir, 'timeline.vtt'),
    'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\nsprites/sprite-001.jpg#xywh=0,0,160,90\n\n00:00:05.000 --> 00:00:10.000\nsprites/sprite-001.jpg#xywh=160,0,160,90\n',
  );
}

/** Tiny album photos under test/photos (the demo seed only makes albums when it has photos). */
function writeFakePhotos(mediaDir: string, n: number): string[] {
  mkdirSync(join(mediaDir, 'test', 'photos'), { recursive: true });
  return Array.from({ length: n }, (_, i) => {
    const rel = `test/photos/photo-${i + 1}.jpg`;
    writeFileSync(join(mediaDir, rel), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    return rel;
  });
}

export function createTestApp(
  opts: {
    videos?: number;
    env?: Record<string, string>;
    photos?: number;
    externalProvider?: ExternalProvider | null;
    /** Where the app logs (default: nowhere). */
    log?: Logger;
  } = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vt-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Tests act as a CDN's visitors (the country header) and see pages ungated unless they name a country;
    // tests/security checks the production defaults themselves.
    TRUST_COUNTRY_HEADER: '1',
    AGE_GATE_COUNTRIES: 'eu,us,gb',
    ...opts.env,
  });
  writeFakeMedia(config.mediaDir);
  const photos = writeFakePhotos(config.mediaDir, opts.photos ?? 0);
  // A copy of the file the run's setup migrated (tests/setup/migrated-schema.ts).
  mkdirSync(dirname(config.databaseFile), { recursive: true });
  copyFileSync(inject('migratedSchema'), config.databaseFile);
  const db = openDb(config.databaseFile);
  const clip: DemoMedia = {
    mediaPath: TEST_MEDIA,
    durationSec: 10,
    width: 640,
    height: 360,
    timelineCount: 2,
    timelineInterval: 5,
  };
  // Longer videos loop the clip (as the demo's do), so every listed duration is the stream's.
  seedDemo(db, {
    videos: opts.videos ?? 400,
    media: [{ ...clip, loops: writeDemoLoops(config.mediaDir, clip) }],
    photos,
  });
  const built = createApp({
    config,
    db,
    log: opts.log ?? createLogger('silent'),
    externalProvider: opts.externalProvider,
  });
  const request = (path: string, init?: RequestInit) => built.app.request(path, init);
  const json = async (path: string, init?: RequestInit) => {
    const res = await request(path, init);
    return { res, body: (await res.json()) as Record<string, unknown> & any };
  };
  const origin = config.publicOrigin;
  /** A same-origin form POST, as the site's own pages send it; `cookie` acts as a signed-in member. */
  const post = (
    path: string,
    fields: Record<string, string>,
    opts: { cookie?: string; origin?: string | null } = {},
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (opts.origin !== null) headers.origin = opts.origin ?? origin;
    if (opts.cookie) headers.cookie = opts.cookie;
    return json(path, { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
  };
  /** An active member with that password (argon2id, like registration makes). */
  const createMember = async (
    name: string,
    password = 'secret-pass',
    email = `${name.toLowerCase()}@example.test`,
  ) => {
    const hash = await hashPassword(password);
    const id = Number(
      db.$client
        .prepare(
          "INSERT INTO members (name, email, password_hash, status, created_at) VALUES (?, ?, ?, 'active', unixepoch())",
        )
        .run(name, email, hash).lastInsertRowid,
    );
    return id;
  };
  /** Signs in and returns the Cookie header value for later requests. */
  const signIn = async (name: string, password = 'secret-pass') => {
    const { res, body } = await post('/api/login.php', { usr: name, pwd: password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
    return res.headers.getSetCookie()[0].split(';')[0];
  };
  return {
    ...built,
    db,
    config,
    request,
    json,
    post,
    createMember,
    signIn,
    close() {
      db.$client.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = ReturnType<typeof createTestApp>;
