import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantIsFresh, writeImageVariants } from '../../apps/api/src/services/uploads/image-variants';
import { createTestApp, TEST_MEDIA, type TestApp } from './helpers/test-app';

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let uploaderId: number;
let uploader: string;

const jpeg = (background: string, width = 320, height = 180) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString() === 'RIFF' && bytes.subarray(8, 12).toString() === 'WEBP';

beforeAll(async () => {
  sut = createTestApp({ videos: 20 });
  sqlite = sut.db.$client;
  uploaderId = await sut.createMember('variantist');
  uploader = await sut.signIn('variantist');
});
afterAll(() => sut.close());

describe('WebP variants of media images (ADR 0021)', () => {
  const thumb = `/thumbs/${TEST_MEDIA}/thumb.jpg`;

  it('are made on first request, served as image/webp with the JPEG’s caching, and remade when the JPEG changes', async () => {
    const file = join(sut.config.mediaDir, TEST_MEDIA, 'thumb.jpg');
    writeFileSync(file, await jpeg('#a06040'));
    const first = await sut.request(`${thumb}.webp`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    expect(first.headers.get('cache-control')).toBe('public, max-age=2592000, immutable');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(isWebp(bytes)).toBe(true);
    expect(bytes.length).toBeLessThan((await jpeg('#a06040')).length);

    // A replaced preview image: the old variant is stale even though its file is newer than nothing.
    writeFileSync(file, await jpeg('#2050c0'));
    expect(await variantIsFresh(file)).toBe(false);
    const second = Buffer.from(await (await sut.request(`${thumb}.webp`)).arrayBuffer());
    expect(isWebp(second)).toBe(true);
    expect(second.equals(bytes)).toBe(false);
    expect(await variantIsFresh(file)).toBe(true);
  });

  it('answer 404 without a JPEG, and the JPEG’s own bytes (not kept by shared caches) when it cannot be encoded', async () => {
    expect((await sut.request(`/thumbs/${TEST_MEDIA}/missing.jpg.webp`)).status).toBe(404);
    // The fixture's sprite is a 4-byte JPEG no encoder reads: a <picture> must still get an image.
    const broken = await sut.request(`/thumbs/${TEST_MEDIA}/sprites/sprite-001.jpg.webp`);
    expect(broken.status).toBe(200);
    expect(broken.headers.get('content-type')).toBe('image/jpeg');
    expect(broken.headers.get('cache-control')).toBe('public, no-cache');
  });

  it('of an upload follow the upload’s access rule: uploader only while pending, public once listed', async () => {
    const now = Math.floor(Date.now() / 1000);
    const id = Number(
      sqlite
        .prepare(
          `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id, media_path,
             duration_sec, width, height, timeline_count, timeline_interval, content_hash)
           VALUES ('variant-reel', 'Variant Reel', '', 2, 'straight', ?, ?, ?, NULL, 700, 640, 360, 0, 0, 'variant-hash')`,
        )
        .run(now, now, uploaderId).lastInsertRowid,
    );
    sqlite.prepare("UPDATE videos SET media_path = 'uploads/' || id WHERE id = ?").run(id);
    const dir = join(sut.config.mediaDir, 'uploads', String(id));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'thumb.jpg'), await jpeg('#40a060'));
    const url = `/thumbs/uploads/${id}/thumb.jpg.webp`;

    expect((await sut.request(url)).status).toBe(404);
    const own = await sut.request(url, { headers: { cookie: uploader } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/webp');
    expect(own.headers.get('cache-control')).toBe('private, no-store');

    sqlite.prepare('UPDATE videos SET status_id = 1 WHERE id = ?').run(id);
    const listed = await sut.request(url);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('public, max-age=3600, must-revalidate');

    // Taken down: the variant dies with the JPEG.
    sqlite.prepare('UPDATE videos SET status_id = 4 WHERE id = ?').run(id);
    expect((await sut.request(url)).status).toBe(404);
  });

  it('are written for every image of a processed video by the ingest step, the sprite primer excepted', async () => {
    const dir = join(sut.config.mediaDir, 'uploads', 'ingested');
    mkdirSync(join(dir, 'sprites'), { recursive: true });
    writeFileSync(join(dir, 'thumb.jpg'), await jpeg('#101010'));
    writeFileSync(join(dir, 'thumb@2x.jpg'), await jpeg('#202020', 640, 360));
    writeFileSync(join(dir, 'scr.jpg'), await jpeg('#303030', 1280, 720));
    writeFileSync(join(dir, 'sprites', 'sprite-000.jpg'), await jpeg('#000000', 160, 90));
    writeFileSync(join(dir, 'sprites', 'sprite-001.jpg'), await jpeg('#404040', 1600, 900));
    expect(await writeImageVariants(dir)).toEqual([]);
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.webp'))
        .sort(),
    ).toEqual(['scr.jpg.webp', 'thumb.jpg.webp', 'thumb@2x.jpg.webp']);
    expect(readdirSync(join(dir, 'sprites')).filter((f) => f.endsWith('.webp'))).toEqual([
      'sprite-001.jpg.webp',
    ]);
  });
});
