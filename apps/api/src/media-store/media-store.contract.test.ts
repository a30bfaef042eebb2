import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalMediaStore } from './local-media-store';
import type { MediaStore } from './media-store';
import { S3MediaStore } from './s3-media-store';
import { startS3TestServer } from './testing/s3-test-server';

/** Seconds since the epoch as both stores see it; a test moves it to expire URLs. */
let nowSec = Math.floor(Date.now() / 1000);
const clock = () => nowSec;

interface Harness {
  store: MediaStore;
  stop(): Promise<void>;
}

/** The local store, with a small server answering its signed URLs the way an API route would. */
async function localHarness(): Promise<Harness> {
  const root = mkdtempSync(join(tmpdir(), 'vt-local-store-'));
  let server: Server | null = null;
  const base = { current: '' };
  const store = new LocalMediaStore({
    root,
    secret: 'contract-test-secret-0123456789',
    get signedBase() {
      return base.current;
    },
    ttlSec: 300,
    now: clock,
  });
  server = createServer(async (req, res) => {
    const key = store.verifySigned((req.url ?? '').replace(/^\/store\//, ''));
    const body = key ? await store.stream(key) : null;
    if (!body) {
      res.writeHead(key ? 404 : 403).end();
      return;
    }
    res.writeHead(200);
    body.pipe(res);
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  base.current = `http://127.0.0.1:${(server.address() as AddressInfo).port}/store`;
  return {
    store,
    async stop() {
      await new Promise((r) => server?.close(r));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

async function s3Harness(): Promise<Harness> {
  const s3 = await startS3TestServer();
  const store = new S3MediaStore(s3.config, { now: clock });
  return { store, stop: () => s3.stop() };
}

const text = async (store: MediaStore, key: string) => {
  const body = await store.stream(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe.each([
  ['local disk', localHarness],
  ['S3 (s3rver)', s3Harness],
])('media store contract: %s', (_name, make) => {
  let h: Harness;
  let scratch: string;
  beforeAll(async () => {
    h = await make();
  });
  afterAll(async () => {
    await h.stop();
  });
  beforeEach(() => {
    nowSec = Math.floor(Date.now() / 1000);
    scratch = mkdtempSync(join(tmpdir(), 'vt-store-scratch-'));
    return () => rmSync(scratch, { recursive: true, force: true });
  });

  it('round-trips bytes and files, whole and by range', async () => {
    const { store } = h;
    await store.putBytes('rt/a.txt', 'hello media');
    const src = join(scratch, 'src.bin');
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 17, 7); // more than one multipart part on S3
    bytes.write('start', 0);
    writeFileSync(src, bytes);
    await store.putFile('rt/big.bin', src);

    expect(await text(store, 'rt/a.txt')).toBe('hello media');
    expect(await store.head('rt/big.bin')).toMatchObject({ size: bytes.length });
    expect(await store.exists('rt/a.txt')).toBe(true);
    const out = join(scratch, 'out', 'big.bin');
    expect(await store.getToFile('rt/big.bin', out)).toBe(true);
    expect(readFileSync(out).equals(bytes)).toBe(true);

    const part = await store.stream('rt/a.txt', { start: 6, end: 10 });
    const chunks: Buffer[] = [];
    for await (const c of part ?? []) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('media');

    expect(await store.stream('rt/none.txt')).toBeNull();
    expect(await store.head('rt/none.txt')).toBeNull();
    expect(await store.exists('rt/none.txt')).toBe(false);
    expect(await store.getToFile('rt/none.txt', join(scratch, 'none'))).toBe(false);
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../x', 'a/../../x', '/abs', 'a//b', 'a/./b', 'a\\b', ''])
      await expect(h.store.putBytes(key, 'x')).rejects.toThrow(/Invalid media key/);
  });

  it('puts and gets trees, lists a prefix sorted and only that prefix, deletes a prefix', async () => {
    const { store } = h;
    const dir = join(scratch, 'tree');
    mkdirSync(join(dir, '720p'), { recursive: true });
    writeFileSync(join(dir, 'master.m3u8'), '#EXTM3U\n');
    writeFileSync(join(dir, '720p', 'seg-0001.m4s'), 'seg1');
    writeFileSync(join(dir, '720p', 'index.m3u8'), 'idx');
    expect(await store.putTree('tree/12', dir)).toBe(3);
    await store.putBytes('tree/123/other.txt', 'not below tree/12');

    expect((await store.list('tree/12')).map(({ key, size }) => ({ key, size }))).toEqual([
      { key: 'tree/12/720p/index.m3u8', size: 3 },
      { key: 'tree/12/720p/seg-0001.m4s', size: 4 },
      { key: 'tree/12/master.m3u8', size: 8 },
    ]);
    expect(await store.list('tree/nothing')).toEqual([]);

    const back = join(scratch, 'back');
    expect(await store.getTree('tree/12', back)).toBe(3);
    expect(readFileSync(join(back, '720p', 'seg-0001.m4s'), 'utf8')).toBe('seg1');

    expect(await store.deletePrefix('tree/12')).toBe(3);
    expect(await store.list('tree/12')).toEqual([]);
    expect(await text(store, 'tree/123/other.txt')).toBe('not below tree/12');
    await store.deleteObject('tree/123/other.txt');
    expect(await store.exists('tree/123/other.txt')).toBe(false);
  });

  it('keeps a staged ladder invisible until it is published, then replaces the old version at once', async () => {
    const { store } = h;
    const name = 'uploads/77';
    expect(await store.current(name)).toBeNull();

    const v1 = await store.stagingPrefix(name);
    await store.putBytes(`${v1}/master.m3u8`, 'v1 master');
    await store.putBytes(`${v1}/manifest.json`, '{}');
    // Half written: nothing is visible under the video's name.
    expect(await store.current(name)).toBeNull();
    await store.publish(name, v1);
    const cur1 = await store.current(name);
    expect(cur1).not.toBeNull();
    expect(await text(store, `${cur1}/master.m3u8`)).toBe('v1 master');

    const v2 = await store.stagingPrefix(name);
    expect(v2).not.toBe(cur1);
    await store.putBytes(`${v2}/master.m3u8`, 'v2 master');
    // While v2 is being written, readers still get all of v1.
    expect(await store.current(name)).toBe(cur1);
    expect(await text(store, `${cur1}/master.m3u8`)).toBe('v1 master');
    await store.publish(name, v2);
    const cur2 = await store.current(name);
    expect(await text(store, `${cur2}/master.m3u8`)).toBe('v2 master');
    // v1's files are gone, not left behind beside v2.
    const keys = (await store.list(name)).map((o) => o.key);
    expect(keys.filter((k) => k.endsWith('master.m3u8'))).toEqual([`${cur2}/master.m3u8`]);
    expect(keys.some((k) => k.endsWith('manifest.json'))).toBe(false);
  });

  it('signs URLs that serve the object, and refuses them altered or expired', async () => {
    const { store } = h;
    await store.putBytes('signed/seg.m4s', 'segment bytes');
    const url = await store.signedUrl('signed/seg.m4s', 60);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('segment bytes');

    // One character of the signature changed.
    const sigAltered = alterSignature(url);
    expect(sigAltered).not.toBe(url);
    expect((await fetch(sigAltered)).status).toBe(403);

    // Another key under the same signature.
    const otherKey = url.replace('seg.m4s', 'seg2.m4s');
    await store.putBytes('signed/seg2.m4s', 'other');
    expect((await fetch(otherKey)).status).toBe(403);

    // Signed two minutes ago for one minute: expired.
    nowSec -= 120;
    const old = await store.signedUrl('signed/seg.m4s', 60);
    nowSec += 120;
    expect((await fetch(old)).status).toBe(403);
  });
});

describe('S3 signed URLs with a Content-Disposition', () => {
  let h: Harness;
  beforeAll(async () => {
    nowSec = Math.floor(Date.now() / 1000);
    h = await s3Harness();
  });
  afterAll(() => h.stop());

  it('answer the object as an attachment under the signed name, and refuse another name', async () => {
    await h.store.putBytes('downloads/a~1/360p-0123.mp4', 'mp4 bytes', { contentType: 'video/mp4' });
    const disposition = 'attachment; filename="a-reel-360p.mp4"';
    const url = await h.store.signedUrl('downloads/a~1/360p-0123.mp4', 60, {
      contentDisposition: disposition,
    });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(disposition);
    expect(await res.text()).toBe('mp4 bytes');
    // The disposition is part of what is signed: a URL renamed by its holder is refused.
    const renamed = new URL(url);
    renamed.searchParams.set('response-content-disposition', 'attachment; filename="other.exe"');
    expect((await fetch(renamed)).status).toBe(403);
    // Without the option the object is answered as stored.
    const plain = await fetch(await h.store.signedUrl('downloads/a~1/360p-0123.mp4', 60));
    expect(plain.headers.get('content-disposition')).toBeNull();
  });
});

/** Flips one character of the signature, in either URL form (`/{exp}/{sig}/key` or `X-Amz-Signature=`). */
function alterSignature(url: string): string {
  const u = new URL(url);
  const sig = u.searchParams.get('X-Amz-Signature');
  const flip = (s: string) => (s[0] === 'a' ? 'b' : 'a') + s.slice(1);
  if (sig) {
    u.searchParams.set('X-Amz-Signature', flip(sig));
    return u.toString();
  }
  const parts = u.pathname.split('/');
  parts[3] = flip(parts[3]);
  u.pathname = parts.join('/');
  return u.toString();
}
