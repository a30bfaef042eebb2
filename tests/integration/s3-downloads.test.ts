import { mkdtempSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../apps/api/src/app';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createLogger } from '../../apps/api/src/logger';
import { walkFiles } from '../../apps/api/src/media-store/local-media-store';
import { S3MediaStore } from '../../apps/api/src/media-store/s3-media-store';
import { startS3TestServer } from '../../apps/api/src/media-store/testing/s3-test-server';
import type { JobQueue } from '../../apps/api/src/services/jobs/job-queue';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import { makeHlsLadder, mp4Boxes, probeMp4 } from '../../packages/media/src/testing/hls-fixture';
import { ownDirsConfig } from './helpers/own-dirs';
import { createTestApp, type TestApp } from './helpers/test-app';

/** An API node or a worker on the shared database and bucket, with its own empty directories. */
interface Node {
  request: (path: string) => Promise<Response>;
  dataDir: string;
  /** Runs the due jobs through the real worker and handlers, with this queue (default: the node's). */
  drain: (queue?: JobQueue) => Promise<void>;
  jobs: JobQueue;
}

/**
 * MP4 downloads in S3 mode (issue 22, ADR 0023): the ladder is only in the bucket, the API nodes read its
 * playlists there, a worker's `media.download` job makes the MP4 into the bucket, and the file is answered
 * with a redirect to a presigned URL: no media byte passes through an API node, and no node needs a disk
 * another shares.
 */
describe('MP4 downloads in S3 mode', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let sut: TestApp;
  let store: S3MediaStore;
  let api: Node;
  let api2: Node;
  let worker: Node;
  let clipId: number;
  let brokenId: number;
  let thirdId: number;
  let gapId: number;
  let ladderDir: string;

  function startNode(cacheBytes?: number): Node {
    const config = ownDirsConfig(sut.config, sut.config.dataDir);
    if (cacheBytes !== undefined) config.downloads = { ...config.downloads, maxCacheBytes: cacheBytes };
    const built = createApp({ config, db: sut.db, log: createLogger('silent') });
    return {
      request: async (path) => built.app.request(path),
      dataDir: config.dataDir,
      jobs: built.services.jobs,
      drain: (queue = built.services.jobs) =>
        createWorker({
          queue,
          handlers: createJobHandlers(built.services),
          log: pino({ level: 'silent' }),
        }).drain(),
    };
  }

  const dirOf = (id: number) =>
    (sut.db.$client.prepare('SELECT dir FROM videos WHERE id = ?').get(id) as { dir: string }).dir;
  const jobsOf = (key: string) =>
    sut.db.$client
      .prepare(
        "SELECT id, status FROM jobs WHERE name = 'media.download' AND json_extract(payload, '$.key') = ?",
      )
      .all(key) as { id: number; status: string }[];
  const downloadKeys = async () => (await store.list('downloads')).map((o) => o.key);

  /** The MP4 entries of videofile.php, from a node. */
  async function mp4Links(node: Node, id: number) {
    const res = await node.request(`/api/videofile.php?video_id=${id}`);
    if (res.status !== 200) return [];
    const list = (await res.json()) as { format: string; quality?: string; video_url: string }[];
    return list
      .filter((l) => l.format === 'mp4')
      .map((l) => ({ quality: l.quality!, url: Buffer.from(l.video_url, 'base64').toString() }));
  }
  const statusOf = async (node: Node, url: string) => {
    const res = await node.request(url.replace(/\.mp4$/, '.json'));
    return { status: res.status, body: res.status === 200 ? await res.json() : null };
  };
  const urlOf = async (id: number, quality: string) =>
    (await mp4Links(api, id)).find((l) => l.quality === quality)!.url;

  /** A ladder written the way the pipeline publishes one: under a staging prefix, then switched to. */
  async function publish(mediaPath: string) {
    const staging = await store.stagingPrefix(mediaPath);
    await store.putTree(staging, ladderDir);
    await store.publish(mediaPath, staging);
    return staging;
  }

  beforeAll(async () => {
    s3 = await startS3TestServer('downloads-test');
    sut = createTestApp({ videos: 20, env: s3.env });
    store = new S3MediaStore(s3.config);
    ladderDir = mkdtempSync(join(sut.config.dataDir, 'ladder-'));
    makeHlsLadder(ladderDir, { seconds: 6, heights: [360, 240], fmp4: true });
    const ids = sut.db.$client
      .prepare('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 4')
      .pluck()
      .all() as number[];
    [clipId, brokenId, thirdId, gapId] = ids;
    const setMedia = sut.db.$client.prepare('UPDATE videos SET media_path = ? WHERE id = ?');
    setMedia.run('test/real', clipId);
    setMedia.run('test/broken', brokenId);
    setMedia.run('test/third', thirdId);
    setMedia.run('test/gap', gapId);
    await publish('test/real');
    await publish('test/third');
    // One segment of 240p is not media: ffmpeg cannot make the file the playlist promises.
    const broken = await publish('test/broken');
    await store.putBytes(`${broken}/240p/seg-0002.m4s`, Buffer.alloc(4000, 0x5a));
    // The last segment of 360p is missing from the bucket: the pull fails while others are still arriving.
    const gap = await publish('test/gap');
    await store.deleteObject(`${gap}/360p/seg-0002.m4s`);
    api = startNode();
    api2 = startNode();
    worker = startNode();
  }, 120_000);
  afterAll(async () => {
    sut.close();
    await s3.stop();
  });

  it('lists the ladder levels from the bucket, with an empty media directory on the API node', async () => {
    expect(await walkFiles(api.dataDir)).toEqual([]);
    const links = await mp4Links(api, clipId);
    expect(links.map((l) => l.quality)).toEqual(['360p', '240p']);
    expect(links[0].url).toMatch(new RegExp(`^/download/\\d+/[\\w-]{27}/${clipId}/360p\\.mp4$`));
    // The seeded videos' ladder is only on the first app's disk, not in the bucket: no download there.
    const local = sut.db.$client
      .prepare(
        'SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND id NOT IN (?, ?, ?, ?) LIMIT 1',
      )
      .pluck()
      .get(clipId, brokenId, thirdId, gapId) as number;
    expect(await mp4Links(api, local)).toEqual([]);
  });

  it('tells working with the job’s percent while a worker makes the MP4, then ready with its size', async () => {
    const url = await urlOf(clipId, '360p');
    expect(await statusOf(api, url)).toEqual({ status: 200, body: { state: 'working', percent: 0 } });
    // The worker stops after the pull's progress is recorded, while its job is still running.
    let reached!: (fraction: number) => void;
    const atProgress = new Promise<number>((r) => {
      reached = r;
    });
    let go!: () => void;
    const gate = new Promise<void>((r) => {
      go = r;
    });
    const gated: JobQueue = {
      ...worker.jobs,
      async progress(...args) {
        const recorded = await worker.jobs.progress(...args);
        if (args[2] >= 0.4) {
          reached(args[2]);
          await gate;
        }
        return recorded;
      },
    };
    const running = worker.drain(gated);
    const fraction = await atProgress;
    const mid = await statusOf(api2, url);
    expect(mid.body.state).toBe('working');
    expect(mid.body.percent).toBeCloseTo(fraction * 100);
    expect(mid.body.percent).toBeGreaterThan(0);
    go();
    await running;

    const ready = await statusOf(api, url);
    const [key] = await downloadKeys();
    expect(key).toMatch(/^downloads\/test~real\/360p-[0-9a-f]{16}\.mp4$/);
    expect(ready.body).toEqual({ state: 'ready', bytes: (await store.head(key))!.size });
    expect(jobsOf(key)).toEqual([expect.objectContaining({ status: 'done' })]);
    // The worker pulled the level into its scratch and removed it; the API nodes wrote nothing.
    expect(await walkFiles(worker.dataDir)).toEqual([]);
    expect(await walkFiles(api.dataDir)).toEqual([]);
    expect(await walkFiles(api2.dataDir)).toEqual([]);
  }, 120_000);

  it('answers the MP4 with a redirect to the bucket that saves a playable file under the video’s name', async () => {
    const url = await urlOf(clipId, '360p');
    const res = await api.request(url);
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const location = res.headers.get('location')!;
    expect(location.startsWith(`${s3.endpoint}/downloads-test/downloads/test~real/360p-`)).toBe(true);
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${dirOf(clipId)}-360p.mp4"`);
    const saved = join(sut.config.dataDir, 'saved-360p.mp4');
    writeFileSync(saved, Buffer.from(await file.arrayBuffer()));
    const probed = probeMp4(saved);
    expect(probed.codecs.sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(probed.durationSec - 6)).toBeLessThanOrEqual(0.5);
    const boxes = mp4Boxes(saved);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  }, 60_000);

  it('queues one job when two nodes ask at once; the file is made once', async () => {
    const url = await urlOf(clipId, '240p');
    const both = await Promise.all([statusOf(api, url), statusOf(api2, url)]);
    for (const s of both) expect(s.body).toEqual({ state: 'working', percent: 0 });
    // A plain request for a file not made yet is told to come back; it queues nothing more.
    const early = await api.request(url);
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('5');
    const key = (await downloadKeys()).find((k) => k.includes('/240p-'));
    expect(key).toBeUndefined();
    const queued = sut.db.$client
      .prepare(
        "SELECT json_extract(payload, '$.key') FROM jobs WHERE name = 'media.download' AND status = 'queued'",
      )
      .pluck()
      .all() as string[];
    expect(queued).toEqual([expect.stringMatching(/^downloads\/test~real\/240p-[0-9a-f]{16}\.mp4$/)]);
    await worker.drain();
    expect((await statusOf(api2, url)).body.state).toBe('ready');
    expect(jobsOf(queued[0])).toHaveLength(1);
    expect(await walkFiles(worker.dataDir)).toEqual([]);
  }, 120_000);

  it('trims the bucket’s download cache to its size after each new file, and makes a trimmed file again', async () => {
    const before = await downloadKeys();
    expect(before).toHaveLength(2);
    // A worker whose cache bound holds only the file it has just made.
    const small = startNode(1);
    const url = await urlOf(thirdId, '240p');
    expect((await statusOf(api, url)).body.state).toBe('working');
    await small.drain();
    const after = await downloadKeys();
    expect(after).toEqual([expect.stringMatching(/^downloads\/test~third\/240p-[0-9a-f]{16}\.mp4$/)]);
    expect((await statusOf(api, url)).body.state).toBe('ready');
    // A trimmed file is not gone for good: asking queues it anew.
    const trimmed = await urlOf(clipId, '360p');
    expect((await statusOf(api, trimmed)).body).toEqual({ state: 'working', percent: 0 });
    await worker.drain();
    expect((await statusOf(api, trimmed)).body.state).toBe('ready');
  }, 120_000);

  it('refuses the status and the file at once when the video is taken down', async () => {
    const url = await urlOf(clipId, '360p');
    expect((await api.request(url)).status).toBe(302);
    expect(await sut.services.publish.takeDown([clipId])).toEqual([clipId]);
    expect((await api.request(url)).status).toBe(404);
    expect((await api2.request(url)).status).toBe(404);
    expect((await statusOf(api, url)).status).toBe(404);
    expect(await mp4Links(api, clipId)).toEqual([]);
  });

  it('refuses a level whose playlist names a segment outside the video’s published media', async () => {
    const third = (await store.current('test/third'))!;
    const real = (await store.current('test/real'))!;
    const [elsewhere] = (await store.list(`${real}/360p`)).filter((o) => o.key.endsWith('.m4s'));
    const variant = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-MAP:URI="init-360p.mp4"',
      '#EXTINF:2.000000,',
      posix.relative(`${third}/360p`, elsewhere.key),
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');
    await store.putBytes(`${third}/360p/index.m3u8`, variant);
    const url = await urlOf(thirdId, '360p');
    expect((await statusOf(api, url)).status).toBe(404);
    expect((await api.request(url)).status).toBe(404);
  });

  it('tells a failed remux once, removes the scratch after each attempt, and queues anew on a retry', async () => {
    const url = await urlOf(brokenId, '240p');
    expect((await statusOf(api, url)).body.state).toBe('working');
    const [job] = sut.db.$client
      .prepare("SELECT id FROM jobs WHERE name = 'media.download' AND status = 'queued'")
      .pluck()
      .all() as number[];
    await worker.drain();
    // The first attempt failed and waits to be tried again: still working, scratch gone.
    expect(sut.db.$client.prepare('SELECT status, attempts FROM jobs WHERE id = ?').get(job)).toEqual({
      status: 'queued',
      attempts: 1,
    });
    expect(await walkFiles(worker.dataDir)).toEqual([]);
    expect((await statusOf(api, url)).body.state).toBe('working');
    sut.db.$client.prepare('UPDATE jobs SET run_at = 0 WHERE id = ?').run(job);
    await worker.drain();
    expect(await walkFiles(worker.dataDir)).toEqual([]);
    // It failed in the remux, after the level was pulled into the scratch.
    expect(sut.db.$client.prepare('SELECT status, error FROM jobs WHERE id = ?').get(job)).toEqual({
      status: 'failed',
      error: expect.stringMatching(/^remux /),
    });

    // Told to one asker (the two nodes race for it), then a retry queues a new job.
    const told = await Promise.all([statusOf(api, url), statusOf(api2, url)]);
    expect(told.map((s) => s.body.state).sort()).toEqual(['failed', 'working']);
    const retried = sut.db.$client
      .prepare("SELECT id FROM jobs WHERE name = 'media.download' AND status = 'queued'")
      .pluck()
      .all() as number[];
    expect(retried).toHaveLength(1);
    expect(retried[0]).not.toBe(job);
    expect((await api.request(url)).status).toBe(503);
    expect(await downloadKeys()).not.toContainEqual(expect.stringContaining('test~broken'));
  }, 120_000);

  it('removes the scratch when a segment is missing from the bucket (the pull fails)', async () => {
    const url = await urlOf(gapId, '360p');
    expect((await statusOf(api, url)).body.state).toBe('working');
    const key = sut.db.$client
      .prepare(
        "SELECT json_extract(payload, '$.key') FROM jobs WHERE name = 'media.download' AND status = 'queued' ORDER BY id DESC LIMIT 1",
      )
      .pluck()
      .get() as string;
    expect(key).toMatch(/^downloads\/test~gap\/360p-/);
    await worker.drain();
    const [job] = jobsOf(key);
    expect(sut.db.$client.prepare('SELECT status, error FROM jobs WHERE id = ?').get(job.id)).toEqual({
      status: 'queued',
      error: expect.stringMatching(/^missing in the bucket: .*seg-0002\.m4s$/),
    });
    expect(await walkFiles(worker.dataDir)).toEqual([]);
  }, 60_000);
});
