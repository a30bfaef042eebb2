import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeFingerprint, summarize } from '@vt/media';
import type { Challenge } from 'altcha-lib';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../apps/api/src/app';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createLogger } from '../../apps/api/src/logger';
import { walkFiles } from '../../apps/api/src/media-store/local-media-store';
import { bytesOf, joinKey } from '../../apps/api/src/media-store/media-store';
import { S3MediaStore } from '../../apps/api/src/media-store/s3-media-store';
import { startS3TestServer } from '../../apps/api/src/media-store/testing/s3-test-server';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { backfillFingerprints } from '../../apps/api/src/services/screening/fingerprint-backfill';
import { solveToToken } from './helpers/captcha-token';
import { generateMinimumLengthClip } from './helpers/minimum-clip';
import { ownDirsConfig, tusInOneGo } from './helpers/own-dirs';
import { createTestApp, type TestApp } from './helpers/test-app';
import { trpcOf } from './helpers/trpc';

const PREFIX = 'tus-uploads/';
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;

/** An API node (with its worker) on the shared database and bucket, with its own empty directories. */
interface Node {
  built: ReturnType<typeof createApp>;
  dataDir: string;
  json: TestApp['json'];
  config: TestApp['config'];
  drain: () => Promise<unknown>;
}

/** A plain colour as a JPEG upload, big enough for a preview image. */
const image = async (background: string) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 1280, height: 720, channels: 3, background } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'preview.jpg',
    { type: 'image/jpeg' },
  );

/** The mean red and blue of an image: which of the two test colours it shows. */
async function colourOf(bytes: Buffer | null) {
  expect(bytes).not.toBeNull();
  const { channels } = await sharp(bytes as Buffer).stats();
  return channels[0].mean > 150 && channels[2].mean < 90 ? 'red' : channels[2].mean > 150 ? 'blue' : 'other';
}

/**
 * S3 mode (issue 22): an API node keeps nothing on its disk that another node needs later. Preview images sent
 * before an upload or with an edit, the images of a pending edit, and the restoration re-run's kept original
 * live in the bucket, as do album photos and members' images: one node stores them, another (with its own
 * empty directories) finds and serves them.
 */
describe('files of one API node are found by another in S3 mode', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let sut: TestApp;
  let store: S3MediaStore;
  let a: Node;
  let b: Node;
  let uploader: string;
  let moderator: string;
  let moderatorId: number;
  let uploaderId: number;
  let clip: Buffer;
  let videoId: number;

  function startNode(): Node {
    const config = ownDirsConfig(sut.config, sut.config.dataDir);
    const { dataDir } = config;
    const built = createApp({ config, db: sut.db, log: createLogger('silent') });
    const json = async (path: string, init?: RequestInit) => {
      const res = await built.app.request(path, init);
      return { res, body: (await res.json()) as any };
    };
    const drain = () =>
      createWorker({
        queue: built.services.jobs,
        handlers: createJobHandlers(built.services),
        log: pino({ level: 'silent' }),
      }).drain();
    return { built, dataDir, json, config, drain };
  }

  /** Every file below a node's own directories (uploads, media/scratch, downloads…), relative to them. */
  const filesOf = (node: Node) => walkFiles(node.dataDir);
  const trpc = (node: Node, path: string, input: unknown, cookie: string, method?: 'GET' | 'POST') =>
    trpcOf(node as unknown as TestApp)(path, input, cookie, method);
  const form = (node: Node, fields: Record<string, string | Blob>, cookie: string) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return node.json('/api/video_edit.php', {
      method: 'POST',
      body,
      headers: { cookie, origin: sut.config.publicOrigin },
    });
  };
  const keysBelow = async (prefix: string) => (await store.list(prefix)).map((o) => o.key);
  const thumbOf = async (id: number) => {
    const current = await store.current(`uploads/${id}`);
    return bytesOf(store, `${current}/thumb.jpg`);
  };

  beforeAll(async () => {
    s3 = await startS3TestServer('private-files-test');
    sut = createTestApp({ videos: 5, env: s3.env });
    store = new S3MediaStore(s3.config);
    uploaderId = await sut.createMember('BucketPainter');
    uploader = await sut.signIn('BucketPainter');
    moderatorId = await sut.createMember('BucketModerator');
    sut.db.$client.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(moderatorId);
    moderator = await sut.signIn('BucketModerator');
    const file = join(sut.config.dataDir, 'clip.mp4');
    await generateMinimumLengthClip(file);
    clip = readFileSync(file);
    a = startNode();
    b = startNode();
  }, 120_000);
  afterAll(async () => {
    sut.close();
    await s3.stop();
  });

  it('a preview image sent to node A is found by node B and applied by B’s worker; no node keeps it', async () => {
    const sent = await form(a, { act: 'preview', preview: await image('#e01010') }, uploader);
    expect(sent.body.ok).toBe(true);
    const token = sent.body.preview as string;
    expect(await keysBelow(`${PREFIX}previews`)).toEqual([`${PREFIX}previews/${uploaderId}-${token}.jpg`]);
    expect(await filesOf(a)).toEqual([]);

    // The upload (and its check that the chosen image exists) goes through node B.
    const meta = {
      filename: 'paintedreel.mp4',
      title: 'A painted reel',
      description: 'Home movie',
      adult: '1',
      preview_mode: 'custom',
      preview: token,
    };
    const { created, patched, path } = await tusInOneGo((p, init) => b.built.app.request(p, init), {
      data: clip,
      meta,
      cookie: uploader,
      origin: sut.config.publicOrigin,
    });
    expect(created.status).toBe(201);
    expect(patched?.status).toBe(204);
    await b.drain();

    const uploadId = path.split('/').pop();
    const row = sut.db.$client
      .prepare(
        'SELECT u.status, u.video_id, v.status_id FROM uploads u JOIN videos v ON v.id = u.video_id WHERE u.id = ?',
      )
      .get(uploadId) as { status: string; video_id: number; status_id: number };
    expect(row).toMatchObject({ status: 'done', status_id: 2 });
    videoId = row.video_id;
    expect(await colourOf(await thumbOf(videoId))).toBe('red');
    // Used once: the stored image is gone, and no node (nor the first app) has a copy or a scratch leftover.
    expect(await keysBelow(`${PREFIX}previews`)).toEqual([]);
    expect(await filesOf(a)).toEqual([]);
    expect(await filesOf(b)).toEqual([]);
    expect(existsSync(join(sut.config.uploadsDir, 'previews'))).toBe(false);
  }, 180_000);

  it('the restoration re-run queued on node A pulls the kept original from the bucket on node B', async () => {
    const before = await store.current(`uploads/${videoId}`);
    const queued = await trpc(
      a,
      'moderation.rerunRestoration',
      { videoId, fields: 'auto', crop: 'off', loudness: 'auto' },
      moderator,
    );
    expect(data(queued)).toEqual({ queued: true });
    await b.drain();
    const job = sut.db.$client
      .prepare("SELECT status, result FROM jobs WHERE name = 'media.restore' ORDER BY id DESC LIMIT 1")
      .get() as { status: string; result: string };
    expect(job.status).toBe('done');
    expect(JSON.parse(job.result)).toMatchObject({ videoId });
    // A new version is visible, the previous one gone; the uploader's own image kept.
    const after = await store.current(`uploads/${videoId}`);
    expect(after).not.toBe(before);
    expect((await keysBelow(`uploads/${videoId}`)).some((k) => k.startsWith(`${before}/`))).toBe(false);
    expect(await keysBelow(`uploads/${videoId}`)).toContain(`${after}/master.m3u8`);
    expect(await colourOf(await thumbOf(videoId))).toBe('red');
    expect(await filesOf(a)).toEqual([]);
    expect(await filesOf(b)).toEqual([]);
  }, 180_000);

  it('a moderator on a node with an empty media directory sees the restoration, its stills and the VTT', async () => {
    const items = data(await trpc(a, 'moderation.queue', undefined, moderator, 'GET')).items as any[];
    const item = items.find((i) => i.key === `video:${videoId}`);
    // The summary comes from the manifest in the bucket: the re-run's choice, its stills.
    expect(item.restoration.choice).toEqual({ fields: 'auto', crop: 'off', loudness: 'auto' });
    expect(item.restoration.plan.basis).toBeTruthy();
    expect(item.restoration.sourceKept).toBe(true);
    const current = await store.current(`uploads/${videoId}`);
    for (const which of ['before', 'after'] as const) {
      const url = item.restoration.stills[which] as string;
      const res = await a.built.app.request(url, { headers: { cookie: moderator } });
      expect(res.status, url).toBe(302);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const location = res.headers.get('location') ?? '';
      expect(location).toContain(`${current}/restoration-${which}.jpg`);
      expect(location).toContain('X-Amz-Expires=');
      const bytes = await fetch(location);
      expect(bytes.status).toBe(200);
      expect((await sharp(Buffer.from(await bytes.arrayBuffer())).metadata()).format).toBe('jpeg');
      // Staff only: its uploader and a visitor get nothing, nor does an unknown video.
      for (const cookie of [uploader, undefined])
        expect((await a.built.app.request(url, cookie ? { headers: { cookie } } : {})).status).toBe(404);
    }
    expect(
      (
        await a.built.app.request('/api/moderation/restoration-still/999999/before.jpg', {
          headers: { cookie: moderator },
        })
      ).status,
    ).toBe(404);

    // The pending video's seek-preview VTT, read from the bucket; its sprites through /thumbs/ (staff only).
    const vtt = await a.built.app.request(`/api/moderation/timeline/${videoId}.vtt`, {
      headers: { cookie: moderator },
    });
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('cache-control')).toBe('private, no-store');
    const text = await vtt.text();
    expect(text.startsWith('WEBVTT')).toBe(true);
    const sprite = /(\/thumbs\/uploads\/\d+\/[^\s#]+\.jpg)#xywh=/.exec(text)?.[1] ?? '';
    expect(sprite).toMatch(new RegExp(`^/thumbs/uploads/${videoId}/`));
    expect((await fetchThumb(a, sprite, moderator)).length).toBeGreaterThan(0);
    expect((await a.built.app.request(sprite)).status).toBe(404);
    for (const cookie of [uploader, undefined])
      expect(
        (
          await a.built.app.request(
            `/api/moderation/timeline/${videoId}.vtt`,
            cookie ? { headers: { cookie } } : {},
          )
        ).status,
      ).toBe(404);
    expect(await filesOf(a)).toEqual([]);
  }, 60_000);

  it('the fingerprint, a quarantine release and the backfill read the video’s files from the bucket', async () => {
    const sqlite = sut.db.$client;
    const mediaPath = `uploads/${videoId}`;
    const indexed = () =>
      sqlite.prepare('SELECT count(*) FROM video_fingerprints WHERE video_id = ?').pluck().get(videoId);
    const services = a.built.services;
    const fp = await services.fingerprints.read(mediaPath);
    expect(fp?.valid.length).toBeGreaterThan(0);

    // Quarantined by a listed digest, then released on node A: indexed again from the manifest and the
    // fingerprint in the bucket.
    const sha256 = createHash('sha256').update(clip).digest('hex');
    const list = await services.blocklists.importList(moderatorId, {
      name: 'Bucket list',
      kind: 'file',
      text: sha256,
    });
    expect(await services.blocklists.screenDigests(videoId, { sha256 })).toBe(true);
    sqlite.prepare('DELETE FROM video_fingerprints WHERE video_id = ?').run(videoId);
    await services.blocklists.release(moderatorId, videoId);
    expect(sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(videoId)).toBe(2);
    expect(indexed()).toBe(1);
    await services.blocklists.removeList(moderatorId, list.id);

    // Another video's near-duplicate check reads this one's fingerprint from the bucket.
    const other = sqlite.prepare('SELECT min(id) FROM videos WHERE id != ?').pluck().get(videoId) as number;
    const s = summarize(fp!)!;
    const stored = { summary: [s.hi, s.lo] as [number, number], seconds: fp!.valid.length };
    expect(await services.fingerprints.indexAndMatch(other, mediaPath, stored, fp)).toEqual({
      matched: 1,
      fullCopyOf: videoId,
    });
    sqlite.prepare('DELETE FROM fingerprint_matches WHERE video_id = ?').run(other);
    sqlite.prepare('DELETE FROM video_fingerprints WHERE video_id = ?').run(other);

    // The backfill of a video without fingerprint.bin: its lowest level pulled from the bucket, fingerprinted,
    // fingerprint.bin written into the visible version, the video indexed.
    const key = joinKey((await store.current(mediaPath))!, 'fingerprint.bin');
    await store.deleteObject(key);
    sqlite.prepare('DELETE FROM video_fingerprints WHERE video_id = ?').run(videoId);
    expect(await services.fingerprints.read(mediaPath)).toBeNull();
    const tally = await backfillFingerprints({
      videos: [{ id: videoId, media_path: mediaPath }],
      fingerprints: services.fingerprints,
      videoFiles: services.videoFiles,
      store: services.mediaStore,
      mediaDir: a.config.mediaDir,
      onError: (_id, err) => {
        throw err;
      },
    });
    expect(tally).toEqual({ indexed: 0, made: 1, failed: 0 });
    expect(decodeFingerprint((await bytesOf(store, key))!)?.valid.length).toBeGreaterThan(0);
    expect(indexed()).toBe(1);
    // Run again: indexed from the fingerprint.bin now in the bucket.
    sqlite.prepare('DELETE FROM video_fingerprints WHERE video_id = ?').run(videoId);
    expect(
      await backfillFingerprints({
        videos: [{ id: videoId, media_path: mediaPath }],
        fingerprints: services.fingerprints,
        videoFiles: services.videoFiles,
        store: services.mediaStore,
        mediaDir: a.config.mediaDir,
      }),
    ).toEqual({ indexed: 1, made: 0, failed: 0 });
    expect(await filesOf(a)).toEqual([]);
  }, 120_000);

  it('an edit’s image sent to node A is reviewed and approved on node B, from the bucket', async () => {
    const approved = await trpc(b, 'moderation.approve', { keys: [`video:${videoId}`] }, moderator);
    expect(data(approved).done).toEqual([`video:${videoId}`]);
    const sent = await form(
      a,
      {
        act: 'edit',
        video_id: String(videoId),
        title: 'A painted reel',
        desc: 'Home movie',
        preview: await image('#1010e0'),
      },
      uploader,
    );
    expect(sent.body.code).toBe('video_edit_pending');
    // thumb, thumb@2x and scr, each with its WebP variant.
    expect((await keysBelow(`${PREFIX}revisions`)).length).toBe(6);
    expect(await keysBelow(`${PREFIX}previews`)).toEqual([]);
    expect(await colourOf(await thumbOf(videoId))).toBe('red');
    expect(await filesOf(a)).toEqual([]);

    const items = data(await trpc(b, 'moderation.queue', undefined, moderator, 'GET')).items as any[];
    const item = items.find((i) => i.kind === 'edit' && i.videoId === videoId);
    const proposed = item.changes[0].after as string;
    const shown = await b.built.app.request(proposed, { headers: { cookie: moderator } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(await colourOf(Buffer.from(await shown.arrayBuffer()))).toBe('blue');

    expect(data(await trpc(b, 'moderation.approve', { keys: [item.key] }, moderator)).done).toEqual([
      item.key,
    ]);
    expect(await colourOf(await thumbOf(videoId))).toBe('blue');
    // The WebP a page asks for first shows the new image too: nothing in S3 mode remakes a stale variant.
    const current = await store.current(`uploads/${videoId}`);
    expect(await colourOf(await bytesOf(store, `${current}/thumb.jpg.webp`))).toBe('blue');
    expect(await keysBelow(`${PREFIX}revisions`)).toEqual([]);
    expect(await filesOf(a)).toEqual([]);
    expect(await filesOf(b)).toEqual([]);
    expect(existsSync(join(sut.config.uploadsDir, 'revisions'))).toBe(false);
    expect(readdirSync(sut.config.dataDir).filter((n) => n.startsWith('node-'))).toHaveLength(2);
  }, 180_000);
  it('a video deleted on node A loses every object of its media when node B’s worker frees it', async () => {
    expect((await keysBelow(`uploads/${videoId}`)).length).toBeGreaterThan(0);
    expect(data(await trpc(a, 'uploads.delete', { videoId }, uploader))).toEqual({ deleted: true });
    await b.drain();
    expect(await keysBelow(`uploads/${videoId}`)).toEqual([]);
    expect(await filesOf(b)).toEqual([]);
  }, 60_000);

  it('an image attached to a report on node A is shown to a moderator by node B', async () => {
    const challenge = await (await a.built.app.request('/api/captcha.php')).json();
    const body = new FormData();
    const fields = {
      subject: 'technical',
      email: 'viewer@example.test',
      message: 'The player stops after ten seconds.',
      referrer: `${sut.config.publicOrigin}/information/help/`,
      captcha: await solveToToken(challenge as Challenge),
    };
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append('file', await image('#1010e0'));
    const sent = await a.json('/api/report.php', {
      method: 'POST',
      body,
      headers: { origin: sut.config.publicOrigin, 'x-forwarded-for': '203.0.113.77' },
    });
    expect(sent.res.status).toBe(200);
    const row = sut.db.$client
      .prepare('SELECT id, file_path FROM reports ORDER BY id DESC LIMIT 1')
      .get() as {
      id: number;
      file_path: string;
    };
    expect(await keysBelow(`${PREFIX}reports`)).toEqual([`${PREFIX}${row.file_path}`]);
    expect(await filesOf(a)).toEqual([]);
    const shown = await b.built.app.request(`/api/moderation/report-file/${row.id}`, {
      headers: { cookie: moderator },
    });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(await colourOf(Buffer.from(await shown.arrayBuffer()))).toBe('blue');
    expect((await b.built.app.request(`/api/moderation/report-file/${row.id}`)).status).toBe(404);
  });

  /** A /thumbs/ URL through a node: redirected to the bucket, whose bytes are answered. */
  const fetchThumb = async (node: Node, url: string, cookie?: string) => {
    const res = await node.built.app.request(url, cookie ? { headers: { cookie } } : {});
    expect(res.status, url).toBe(302);
    const bytes = await fetch(res.headers.get('location') ?? '');
    expect(bytes.status).toBe(200);
    return Buffer.from(await bytes.arrayBuffer());
  };

  it('album photos, a cover and an avatar sent to node A are served by node B from the bucket', async () => {
    const post = (path: string, fields: Record<string, string | Blob>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return a.json(path, {
        method: 'POST',
        body,
        headers: { cookie: uploader, origin: sut.config.publicOrigin },
      });
    };
    const made = await post('/api/album_edit.php', { act: 'create', title: 'Bucket stills', adult: '1' });
    const albumId = made.body.album_id as number;
    for (const colour of ['#e01010', '#1010e0'])
      expect(
        (
          await post('/api/album_edit.php', {
            act: 'photo',
            album_id: String(albumId),
            file: await image(colour),
          })
        ).body.ok,
      ).toBe(true);
    const photos = sut.db.$client
      .prepare('SELECT id, path FROM photos WHERE album_id = ? ORDER BY id')
      .all(albumId) as { id: number; path: string }[];
    // The cover made again from the second photo: node A reads it from the bucket.
    expect(data(await trpc(a, 'albums.setCover', { id: albumId, photoId: photos[1].id }, uploader))).toEqual({
      code: 'album_cover_set',
    });
    expect(await sut.services.publish.approveAlbum(albumId)).toBe(true);
    const scr = sut.db.$client.prepare('SELECT scr FROM albums WHERE id = ?').pluck().get(albumId) as string;
    expect(await colourOf(await fetchThumb(b, `/thumbs/${photos[0].path}`))).toBe('red');
    expect(await colourOf(await fetchThumb(b, `/thumbs/${scr}`))).toBe('blue');

    const avatar = await post('/api/member.php', { section: 'avatar', file: await image('#e01010') });
    expect(avatar.body.code).toBe('profile_changed');
    expect(await colourOf(await fetchThumb(b, avatar.body.url))).toBe('red');
    expect(await filesOf(a)).toEqual([]);

    expect(data(await trpc(a, 'albums.delete', { id: albumId }, uploader))).toMatchObject({
      code: 'album_deleted',
    });
    expect(await keysBelow(`albums/${albumId}`)).toEqual([]);
    expect(await filesOf(a)).toEqual([]);
    expect(await filesOf(b)).toEqual([]);
  }, 60_000);
});
