import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateMediaTree } from './media-migrate';
import { S3MediaStore } from './s3-media-store';
import { startS3TestServer } from './testing/s3-test-server';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../../..');

/** A small media tree as the pipeline leaves it, plus a staging directory a crashed run left behind and a worker's scratch. */
function makeTree(dir: string) {
  const files: Record<string, string | Buffer> = {
    'uploads/1/master.m3u8': '#EXTM3U\n',
    'uploads/1/720p/index.m3u8': '#EXTM3U\n#EXTINF:4,\nseg-0001.m4s\n',
    'uploads/1/720p/seg-0001.m4s': Buffer.alloc(200_000, 1),
    'uploads/1/thumb.jpg': Buffer.alloc(3000, 2),
    'uploads/1/manifest.json': '{"v":1}',
    'uploads/2/master.m3u8': '#EXTM3U\n',
    'uploads/2/manifest.json': '{"v":2}',
    'videos/0/5/sprites/sprite-001.jpg': Buffer.alloc(5000, 3),
    'uploads/3.tmp/master.m3u8': 'half written',
    // A worker's scratch, when this tree served S3 mode before: never media to copy.
    'uploads/4/master.m3u8': '#EXTM3U\n',
    'uploads/4.scratch': '123',
    'sources/abcd-123-0badf00d': 'pulled upload',
    'private/123-AbC/image': 'pulled image',
    'remux/123-x/seg-0001.m4s': 'pulled segment',
    '.processes/123': '',
  };
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), body);
  }
}

describe('media:migrate', () => {
  let s3: Awaited<ReturnType<typeof startS3TestServer>>;
  let dir: string;
  beforeAll(async () => {
    s3 = await startS3TestServer('migrate-test');
    dir = mkdtempSync(join(tmpdir(), 'vt-migrate-'));
    makeTree(dir);
  });
  afterAll(async () => {
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies the tree with checksums, stops when interrupted, and resumes without copying twice', async () => {
    const store = new S3MediaStore(s3.config);
    const abort = new AbortController();
    const first = await migrateMediaTree({
      from: dir,
      to: store,
      concurrency: 1,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.done === 3) abort.abort();
      },
    });
    expect(first).toMatchObject({ interrupted: true, done: 3, total: 8, copied: 3 });
    // Manifests go last: an interrupted run never leaves a video looking complete.
    expect(await store.exists('uploads/1/manifest.json')).toBe(false);
    expect(await store.exists('uploads/1/master.m3u8')).toBe(false);
    expect(await store.current('uploads/1')).toBeNull();

    // One copied object is damaged meanwhile: the resume must notice and copy it again.
    const [damaged] = (await store.list('uploads')).map((o) => o.key);
    await store.putBytes(damaged, 'damaged', { sha256: 'not-the-checksum' });

    // The resume is the CLI, as an operator runs it.
    const { stdout } = await run('npx', ['tsx', 'apps/api/src/cli/media-migrate-cli.ts', '--from', dir], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: join(dir, '..', 'vt-migrate-data-unused'),
        MEDIA_SECRET: 'x'.repeat(32),
        ...s3.env,
      },
    });
    expect(stdout).toContain('100% (8/8)');
    expect(stdout).toMatch(/6 copied .* 2 already there with the same checksum, 8\/8 files/);

    // Everything but the leftover staging directory is there, byte for byte, with its checksum.
    const keys = (await store.list('uploads'))
      .map((o) => o.key)
      .concat((await store.list('videos')).map((o) => o.key));
    expect(keys.sort()).toEqual([
      'uploads/1/720p/index.m3u8',
      'uploads/1/720p/seg-0001.m4s',
      'uploads/1/manifest.json',
      'uploads/1/master.m3u8',
      'uploads/1/thumb.jpg',
      'uploads/2/manifest.json',
      'uploads/2/master.m3u8',
      'videos/0/5/sprites/sprite-001.jpg',
    ]);
    for (const key of keys) {
      const local = readFileSync(join(dir, key));
      const head = await store.head(key);
      expect(head?.sha256).toBe(createHash('sha256').update(local).digest('hex'));
      expect(head?.size).toBe(local.length);
    }
    // A migrated video is visible through the store as a published one.
    expect(await store.current('uploads/1')).toBe('uploads/1');

    // A third run copies nothing.
    const again = await migrateMediaTree({ from: dir, to: store });
    expect(again).toMatchObject({ interrupted: false, copied: 0, skipped: 8 });
  });
});
