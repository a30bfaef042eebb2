import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pino from 'pino';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../apps/api/src/app';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createLogger } from '../../apps/api/src/logger';
import { S3MediaStore } from '../../apps/api/src/media-store/s3-media-store';
import { startS3TestServer } from '../../apps/api/src/media-store/testing/s3-test-server';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { pulledUploadsDir } from '../../apps/api/src/services/uploads/upload-source';
import { generateMinimumLengthClip } from './helpers/minimum-clip';
import { createTestApp, type TestApp } from './helpers/test-app';

type Built = ReturnType<typeof createApp>;
interface Node {
  built: Built;
  base: string;
  server: ReturnType<typeof serve>;
  uploadsDir: string;
  scratchDir: string;
}

const PREFIX = 'tus-uploads/';
const MiB = 1024 * 1024;
const META = { filename: 'bucketreel.mp4', title: 'A bucket reel', description: 'Home movie', adult: '1' };
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** An MP4 grown to `size` bytes by a trailing `free` box (ISO BMFF padding every reader skips), of random bytes. */
function padded(mp4: Buffer, size: number): Buffer {
  const box = randomBytes(size - mp4.length);
  box.writeUInt32BE(box.length, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([mp4, box]);
}

const isEmptyOrAbsent = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * tus in S3 mode (issue 22): the upload lives in the bucket, so a different API node with its own empty
 * directories resumes it after the first one is gone; the worker pulls the finished upload from the bucket.
 */
describe('tus uploads in S3 mode', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let sut: TestApp;
  let store: S3MediaStore;
  let cookie: string;
  let nosy: string;
  let clip: Buffer;
  let partTmp: string;
  let savedTmp: string | undefined;
  const nodes: Node[] = [];

  /** An API node on its own port, with its own data directories, on the shared database and bucket. */
  async function startNode(): Promise<Node> {
    const dataDir = mkdtempSync(join(sut.config.dataDir, 'node-'));
    const config = {
      ...sut.config,
      dataDir,
      uploadsDir: join(dataDir, 'uploads'),
      mediaDir: join(dataDir, 'media'),
    };
    const built = createApp({ config, db: sut.db, log: createLogger('silent') });
    const node = await new Promise<Node>((resolve) => {
      const server = serve({ fetch: built.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({
          built,
          server,
          base: `http://127.0.0.1:${info.port}`,
          uploadsDir: config.uploadsDir,
          scratchDir: config.mediaDir,
        }),
      );
    });
    nodes.push(node);
    return node;
  }

  beforeAll(async () => {
    s3 = await startS3TestServer('tus-test');
    sut = createTestApp({ videos: 5, env: s3.env });
    store = new S3MediaStore(s3.config);
    await sut.createMember('BucketUploader');
    cookie = await sut.signIn('BucketUploader');
    await sut.createMember('BucketNosy');
    nosy = await sut.signIn('BucketNosy');
    const file = join(sut.config.dataDir, 'clips', 'long.mp4');
    await generateMinimumLengthClip(file);
    clip = padded(readFileSync(file), 12 * MiB);
    // @tus/s3-store buffers parts below os.tmpdir(): a private one, to see it emptied.
    partTmp = mkdtempSync(join(tmpdir(), 'vt-tus-parts-'));
    savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = partTmp;
  }, 120_000);
  afterAll(async () => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    for (const n of nodes) n.server.close();
    sut.close();
    await s3.stop();
    if (partTmp) rmSync(partTmp, { recursive: true, force: true });
  });

  function upload(
    node: Node,
    data: Buffer,
    opts: {
      uploadUrl?: string;
      stopAt?: number;
      headers?: Record<string, string>;
      chunkSize?: number;
      onProgress?: (sent: number) => void;
    } = {},
  ) {
    let instance: tus.Upload;
    let stopped: () => void = () => {};
    const halted = new Promise<void>((r) => {
      stopped = r;
    });
    const done = new Promise<string>((resolve, reject) => {
      instance = new tus.Upload(data, {
        endpoint: `${node.base}/api/upload/`,
        uploadUrl: opts.uploadUrl,
        chunkSize: opts.chunkSize ?? 512 * 1024,
        metadata: META,
        headers: { cookie, origin: sut.config.publicOrigin, ...opts.headers },
        retryDelays: [],
        onProgress: opts.onProgress,
        // Stopped between two PATCHes: the server has answered the last one, the bytes are in the bucket.
        onChunkComplete: (_size, accepted) => {
          if (opts.stopAt !== undefined && accepted >= opts.stopAt) void instance.abort().then(stopped);
        },
        onError: reject,
        onSuccess: () => resolve(instance.url!),
      });
      instance.start();
    });
    return {
      done,
      halted,
      url: () => instance.url,
      abort: () => instance.abort(),
      stop: () => stopped(),
    };
  }

  const head = (node: Node, id: string, who: string) =>
    fetch(`${node.base}/api/upload/${id}`, {
      method: 'HEAD',
      headers: { 'Tus-Resumable': '1.0.0', cookie: who, origin: sut.config.publicOrigin },
    });

  it('resumes on another node after the first is gone, and the worker ingests it from the bucket', async () => {
    const a = await startNode();
    const first = upload(a, clip, { stopAt: 7 * MiB });
    await first.halted;
    const id = first.url()!.split('/').pop()!;
    const offsetA = Number((await head(a, id, cookie)).headers.get('upload-offset'));
    expect(offsetA).toBeGreaterThanOrEqual(7 * MiB);
    expect(offsetA).toBeLessThan(clip.length);
    // One full part (5 MiB or more) and the short tail are in the bucket; nothing is complete yet.
    expect(await store.exists(`${PREFIX}${id}.info`)).toBe(true);
    expect(await store.exists(`${PREFIX}${id}.part`)).toBe(true);
    expect(await store.exists(`${PREFIX}${id}`)).toBe(false);

    // Node A is gone; node B, with empty directories of its own, answers the offset and takes the rest.
    a.server.close();
    const b = await startNode();
    expect(Number((await head(b, id, cookie)).headers.get('upload-offset'))).toBe(offsetA);
    // Someone else's upload does not exist for them, on this node either.
    expect((await head(b, id, nosy)).status).toBe(404);
    const foreign = await fetch(`${b.base}/api/upload/${id}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offsetA),
        'Content-Type': 'application/offset+octet-stream',
        cookie: nosy,
        origin: sut.config.publicOrigin,
      },
      body: new Uint8Array(clip.subarray(offsetA, offsetA + 1024)),
    });
    expect(foreign.status).toBe(404);
    await upload(b, clip, { uploadUrl: `${b.base}/api/upload/${id}` }).done;

    // The bucket holds the upload byte for byte; the short tail is gone.
    const stored = await store.stream(`${PREFIX}${id}`);
    const chunks: Buffer[] = [];
    for await (const c of stored!) chunks.push(c as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(clip));
    expect(await store.exists(`${PREFIX}${id}.part`)).toBe(false);
    // Node B did not see the first bytes go by: no streamed hash; the worker hashes its copy.
    const row = () =>
      sut.db.$client.prepare('SELECT status, content_hash, video_id FROM uploads WHERE id = ?').get(id) as {
        status: string;
        content_hash: string | null;
        video_id: number | null;
      };
    expect(row()).toMatchObject({ status: 'complete', content_hash: null });

    // A worker with its own scratch directory (node B's container) pulls it from the bucket.
    await createWorker({
      queue: b.built.services.jobs,
      handlers: createJobHandlers(b.built.services),
      log: pino({ level: 'silent' }),
    }).drain();
    const done = row();
    expect(done).toMatchObject({ status: 'done', content_hash: sha256(clip) });
    expect(await store.current(`uploads/${done.video_id}`)).toMatch(/^uploads\/\d+\/v\//);
    expect(isEmptyOrAbsent(pulledUploadsDir(b.scratchDir))).toBe(true);

    // Kept while the video waits (a restoration re-run reads it, ADR 0039); approval frees it (KEEP_ORIGINALS
    // is off): from the bucket, every object of the upload.
    expect(await store.exists(`${PREFIX}${id}`)).toBe(true);
    expect(await b.built.services.publish.approveOne(done.video_id!)).toBe(true);
    expect((await store.list(PREFIX.slice(0, -1))).filter((o) => o.key.includes(id))).toEqual([]);

    // Nothing of the upload touched either node's uploads directory, and the part buffers are gone.
    for (const n of [a, b]) expect(isEmptyOrAbsent(n.uploadsDir), n.uploadsDir).toBe(true);
    expect(isEmptyOrAbsent(sut.config.uploadsDir)).toBe(true);
    // @tus/s3-store deletes a sent part's file without waiting for it: wait for the deletion.
    await expect.poll(() => readdirSync(partTmp)).toEqual([]);
  }, 180_000);

  it('hashes an upload as it streams when one node takes all of it', async () => {
    const b = nodes.at(-1)!;
    const other = padded(clip.subarray(0, 2 * MiB), 6 * MiB);
    const url = await upload(b, other).done;
    const id = url.split('/').pop()!;
    expect(sut.db.$client.prepare('SELECT status, content_hash FROM uploads WHERE id = ?').get(id)).toEqual({
      status: 'complete',
      content_hash: sha256(other),
    });
    // @tus/s3-store deletes a sent part's file without waiting for it: wait for the deletion.
    await expect.poll(() => readdirSync(partTmp)).toEqual([]);
  }, 60_000);

  it('resumes byte-exact after a PATCH cut off in the middle, never with a wrong hash', async () => {
    const b = nodes.at(-1)!;
    const cut = padded(clip.subarray(0, MiB), 7 * MiB);
    let aborted = false;
    // One PATCH of the whole file, cut by the client once half of it was sent.
    const first = upload(b, cut, {
      chunkSize: cut.length,
      onProgress: (sent) => {
        if (!aborted && sent >= cut.length / 2) {
          aborted = true;
          void first.abort().then(first.stop);
        }
      },
    });
    await first.halted;
    const id = first.url()!.split('/').pop()!;
    await upload(b, cut, { uploadUrl: `${b.base}/api/upload/${id}` }).done;
    const stored = await store.stream(`${PREFIX}${id}`);
    const chunks: Buffer[] = [];
    for await (const c of stored!) chunks.push(c as Buffer);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(cut));
    const { content_hash } = sut.db.$client
      .prepare('SELECT content_hash FROM uploads WHERE id = ?')
      .get(id) as { content_hash: string | null };
    // Streamed when the node's hash saw every byte the bucket has, else left to the worker.
    expect([null, sha256(cut)]).toContain(content_hash);
    // @tus/s3-store deletes a sent part's file without waiting for it: wait for the deletion.
    await expect.poll(() => readdirSync(partTmp)).toEqual([]);
  }, 60_000);

  it('takes a one-request upload (video_edit.php) into the bucket, where the ingest reads it', async () => {
    const b = nodes.at(-1)!;
    const form = new FormData();
    form.set('file', new File([new Uint8Array(clip)], 'samereel.mp4', { type: 'video/mp4' }));
    form.set('title', 'The same reel');
    form.set('adult', '1');
    const sent = await fetch(`${b.base}/api/video_edit.php`, {
      method: 'POST',
      body: form,
      headers: { cookie, origin: sut.config.publicOrigin },
    });
    const { upload_id: id } = (await sent.json()) as { upload_id: string };
    expect(await store.exists(`${PREFIX}${id}`)).toBe(true);
    await createWorker({
      queue: b.built.services.jobs,
      handlers: createJobHandlers(b.built.services),
      log: pino({ level: 'silent' }),
    }).drain();
    // Read from the bucket and recognised: the same bytes as the first upload.
    expect(sut.db.$client.prepare('SELECT status, error FROM uploads WHERE id = ?').get(id)).toEqual({
      status: 'failed',
      error: 'duplicate_video',
    });
    // Refused: nothing will read it again, so it leaves the bucket.
    expect(await objectsOf(id)).toEqual([]);
    expect(isEmptyOrAbsent(b.uploadsDir)).toBe(true);
    expect(isEmptyOrAbsent(pulledUploadsDir(b.scratchDir))).toBe(true);
  }, 60_000);

  /** A tus creation on `node` as the uploader; answers the response. */
  const create = (node: Node, length: number) =>
    fetch(`${node.base}/api/upload/`, {
      method: 'POST',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(length),
        'Upload-Metadata': Object.entries(META)
          .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
          .join(','),
        cookie,
        origin: sut.config.publicOrigin,
      },
    });

  /** An upload of 6 MiB begun with one short PATCH: its bytes wait in the `.part` object. */
  async function begunWithATail(node: Node): Promise<{ id: string; path: string }> {
    const begun = await create(node, 6 * MiB);
    expect(begun.status).toBe(201);
    const path = new URL(begun.headers.get('location')!, node.base).pathname;
    const patched = await fetch(`${node.base}${path}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
        cookie,
        origin: sut.config.publicOrigin,
      },
      body: new Uint8Array(clip.subarray(0, MiB)),
    });
    expect(patched.status).toBe(204);
    const id = path.split('/').pop()!;
    expect(await store.exists(`${PREFIX}${id}.part`)).toBe(true);
    return { id, path };
  }

  const objectsOf = async (id: string) =>
    (await store.list(PREFIX.slice(0, -1))).map((o) => o.key).filter((k) => k.includes(id));
  /** Multipart uploads still open in the test server's storage. */
  const openMultipartUploads = () => {
    const dir = join(s3.directory, 'tus-test', '._S3rver_uploads');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('refuses an oversize Upload-Length before any byte, and a termination removes everything', async () => {
    const b = nodes.at(-1)!;
    const huge = await create(b, 11 * 1024 ** 3);
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'file_too_large' });

    const { id, path } = await begunWithATail(b);
    const cancelled = await fetch(`${b.base}${path}`, {
      method: 'DELETE',
      headers: { 'Tus-Resumable': '1.0.0', cookie, origin: sut.config.publicOrigin },
    });
    expect(cancelled.status).toBe(204);
    expect(await objectsOf(id)).toEqual([]);
    expect(openMultipartUploads()).toEqual([]);
    expect((await head(b, id, cookie)).status).toBe(404);
  }, 60_000);

  it('cleans up an expired upload: the multipart upload is aborted and its objects go', async () => {
    const b = nodes.at(-1)!;
    const { id } = await begunWithATail(b);
    expect(openMultipartUploads()).toHaveLength(1);
    sut.db.$client.prepare('UPDATE uploads SET expires_at = 0 WHERE id = ?').run(id);
    expect(await b.built.services.uploads.cleanUpExpired()).toBe(1);
    expect(await objectsOf(id)).toEqual([]);
    expect(openMultipartUploads()).toEqual([]);
  }, 60_000);

  it('a termination after the last byte removes every object, and the ingest finds nothing left', async () => {
    const b = nodes.at(-1)!;
    const finished = padded(clip.subarray(0, 2 * MiB), 6 * MiB);
    const id = (await upload(b, finished).done).split('/').pop()!;
    const status = () => sut.db.$client.prepare('SELECT status, error FROM uploads WHERE id = ?').get(id);
    expect(status()).toEqual({ status: 'complete', error: null });
    expect(await objectsOf(id)).toEqual([`${PREFIX}${id}`, `${PREFIX}${id}.info`]);
    // Someone else's DELETE does nothing.
    const foreign = await fetch(`${b.base}/api/upload/${id}`, {
      method: 'DELETE',
      headers: { 'Tus-Resumable': '1.0.0', cookie: nosy, origin: sut.config.publicOrigin },
    });
    expect(foreign.status).toBe(404);
    expect(await objectsOf(id)).toHaveLength(2);

    const cancelled = await fetch(`${b.base}/api/upload/${id}`, {
      method: 'DELETE',
      headers: { 'Tus-Resumable': '1.0.0', cookie, origin: sut.config.publicOrigin },
    });
    expect(cancelled.status).toBe(204);
    expect(await objectsOf(id)).toEqual([]);
    await createWorker({
      queue: b.built.services.jobs,
      handlers: createJobHandlers(b.built.services),
      log: pino({ level: 'silent' }),
    }).drain();
    expect(status()).toEqual({ status: 'failed', error: 'missing_file' });
    expect(await objectsOf(id)).toEqual([]);
    expect(openMultipartUploads()).toEqual([]);
    expect(isEmptyOrAbsent(pulledUploadsDir(b.scratchDir))).toBe(true);
  }, 60_000);

  it('an upload the ingest refuses leaves the bucket', async () => {
    const b = nodes.at(-1)!;
    // Not a video: refused, and its objects go.
    const junk = padded(Buffer.from('not a video at all'), 6 * MiB);
    const junkId = (await upload(b, junk).done).split('/').pop()!;
    await createWorker({
      queue: b.built.services.jobs,
      handlers: createJobHandlers(b.built.services),
      log: pino({ level: 'silent' }),
    }).drain();
    expect(sut.db.$client.prepare('SELECT error FROM uploads WHERE id = ?').pluck().get(junkId)).toBe(
      'corrupted_file',
    );
    expect(await objectsOf(junkId)).toEqual([]);
    expect(isEmptyOrAbsent(pulledUploadsDir(b.scratchDir))).toBe(true);
  }, 60_000);

  it('a video deleted while it is processed leaves nothing in the bucket nor in the scratch', async () => {
    const b = nodes.at(-1)!;
    const sqlite = sut.db.$client;
    // The same film with other padding: another file, not a duplicate.
    const id = (await upload(b, padded(clip, 13 * MiB)).done).split('/').pop()!;
    const memberId = sqlite.prepare('SELECT member_id FROM uploads WHERE id = ?').pluck().get(id) as number;
    let videoId = 0;
    let deleting: Promise<void> | null = null;
    // Its uploader deletes it as the transcode begins (the delete is done long before the transcode).
    const result = (await b.built.services.ingest(
      { uploadId: id },
      {
        signal: new AbortController().signal,
        progress: (_fraction, stage) => {
          if (stage !== 'transcoding' || deleting) return;
          videoId = sqlite.prepare('SELECT video_id FROM uploads WHERE id = ?').pluck().get(id) as number;
          deleting = b.built.services.moderation.ownVideos.delete(memberId, videoId);
        },
      },
    )) as { videoId: number; deleted?: boolean };
    await deleting;
    expect(result).toEqual({ videoId, deleted: true });
    // Its media.free job (which found no media path yet) removes the original.
    await createWorker({
      queue: b.built.services.jobs,
      handlers: createJobHandlers(b.built.services),
      log: pino({ level: 'silent' }),
    }).drain();
    expect(sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(videoId)).toBe(5);
    expect(await store.list(`uploads/${videoId}`)).toEqual([]);
    expect(await objectsOf(id)).toEqual([]);
    expect(isEmptyOrAbsent(join(b.scratchDir, 'uploads'))).toBe(true);
    expect(isEmptyOrAbsent(pulledUploadsDir(b.scratchDir))).toBe(true);
  }, 120_000);
});
