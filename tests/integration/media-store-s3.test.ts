import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateMediaTree } from '../../apps/api/src/media-store/media-migrate';
import { S3MediaStore } from '../../apps/api/src/media-store/s3-media-store';
import { startS3TestServer } from '../../apps/api/src/media-store/testing/s3-test-server';
import { createTestApp, SEGMENT_BYTES, TEST_MEDIA } from './helpers/test-app';

/**
 * MEDIA_STORE=s3 (ADR 0042): the demo library is migrated into a real S3-compatible server (s3rver) and
 * the local media directory deleted, so every byte a player gets must come from the bucket; the API
 * answers playlists and access checks, and redirects to presigned URLs.
 */
describe('serving media from S3', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let sut: ReturnType<typeof createTestApp>;
  let store: S3MediaStore;
  beforeAll(async () => {
    s3 = await startS3TestServer('serve-test');
    sut = createTestApp({
      videos: 20,
      env: { ...s3.env, S3_URL_TTL_SECONDS: '60' },
    });
    store = new S3MediaStore(s3.config);
    // A processed directory has its manifest; the test app's fake media does not.
    writeFileSync(join(sut.config.mediaDir, TEST_MEDIA, 'manifest.json'), '{}');
    await migrateMediaTree({ from: sut.config.mediaDir, to: store });
    rmSync(sut.config.mediaDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    sut.close();
    await s3.stop();
  });

  /** Follows the API's answer to the object store, checking that the bytes come from there. */
  async function viaStore(path: string) {
    const res = await sut.request(path);
    expect(res.status, path).toBe(302);
    const location = res.headers.get('location') ?? '';
    expect(location.startsWith(`${s3.endpoint}/`)).toBe(true);
    return fetch(location);
  }

  it('plays the ladder: playlists from the API, segments, thumbs and sprites from the bucket', async () => {
    const { url } = sut.services.urls.signedHls(TEST_MEDIA);
    const master = await sut.request(url);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await master.text()).toContain('360p/index.m3u8');
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    const variant = await sut.request(`${base}360p/index.m3u8`);
    expect(await variant.text()).toContain('seg-0000.ts');

    const segment = await viaStore(`${base}360p/seg-0000.ts`);
    expect(segment.status).toBe(200);
    expect(Buffer.from(await segment.arrayBuffer()).equals(Buffer.alloc(SEGMENT_BYTES, 7))).toBe(true);
    expect((await viaStore(`/thumbs/${TEST_MEDIA}/thumb.jpg`)).status).toBe(200);
    // No WebP was stored beside it: the JPEG answers.
    expect((await viaStore(`/thumbs/${TEST_MEDIA}/thumb.jpg.webp`)).status).toBe(200);

    const vttUrl = sut.services.urls.timelineVtt({
      id: firstListed(),
      timelineCount: 2,
      timelineInterval: 5,
    });
    const vtt = await sut.request(vttUrl ?? '');
    expect(await vtt.text()).toContain(`/thumbs/${TEST_MEDIA}/sprites/sprite-001.jpg#xywh=0,0,160,90`);
    expect((await viaStore(`/thumbs/${TEST_MEDIA}/sprites/sprite-001.jpg`)).status).toBe(200);

    // The signature and the path checks hold as on disk.
    expect((await sut.request(url.replace(/\/media\/(\d+)\/[^/]+\//, '/media/$1/forged/'))).status).toBe(403);
    expect((await sut.request(`${base}..%2F..%2Fmanifest.json`)).status).toBe(404);
    expect((await sut.request(`${base}360p/missing.ts`)).status).toBe(404);
  });

  const firstListed = () =>
    sut.db.$client
      .prepare('SELECT id FROM videos WHERE status_id = 1 ORDER BY id LIMIT 1')
      .pluck()
      .get() as number;

  it("serves a member's upload from its published version only, and refuses it at once after a takedown", async () => {
    const id = firstListed();
    const name = `uploads/${id}`;
    sut.db.$client.prepare('UPDATE videos SET media_path = ? WHERE id = ?').run(name, id);
    const v1 = await store.stagingPrefix(name);
    await store.putBytes(`${v1}/master.m3u8`, '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p/index.m3u8\n');
    await store.putBytes(`${v1}/360p/index.m3u8`, '#EXTM3U\n#EXTINF:4,\nseg-0000.ts\n#EXT-X-ENDLIST\n');
    await store.putBytes(`${v1}/360p/seg-0000.ts`, 'version one');
    await store.putBytes(`${v1}/thumb.jpg`, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const { url } = sut.services.urls.signedHls(name);
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    // Staged, not published: nothing is served.
    expect((await sut.request(url)).status).toBe(404);
    expect((await sut.request(`/thumbs/${name}/thumb.jpg`)).status).toBe(404);
    await store.publish(name, v1);
    expect((await sut.request(url)).status).toBe(200);
    expect(await (await viaStore(`${base}360p/seg-0000.ts`)).text()).toBe('version one');

    // A re-run writing version two is invisible until it is published.
    const v2 = await store.stagingPrefix(name);
    await store.putBytes(`${v2}/360p/seg-0000.ts`, 'version two');
    expect(await (await viaStore(`${base}360p/seg-0000.ts`)).text()).toBe('version one');

    // Taken down: the playlist, the next segment and the thumb are refused on the next request.
    const segmentUrl = (await sut.request(`${base}360p/seg-0000.ts`)).headers.get('location') ?? '';
    sut.db.$client.prepare('UPDATE videos SET status_id = 5 WHERE id = ?').run(id);
    expect((await sut.request(url)).status).toBe(404);
    expect((await sut.request(`${base}360p/index.m3u8`)).status).toBe(404);
    expect((await sut.request(`${base}360p/seg-0000.ts`)).status).toBe(404);
    expect((await sut.request(`/thumbs/${name}/thumb.jpg`)).status).toBe(404);
    // A presigned URL handed out before lives at most S3_URL_TTL_SECONDS (60 here).
    const expires = Number(new URL(segmentUrl).searchParams.get('X-Amz-Expires'));
    expect(expires).toBe(60);
  });
});
