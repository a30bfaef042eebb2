import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  makeHlsLadder,
  makeRepeatedVariant,
  mp4Boxes,
  probeMp4,
} from '../../packages/media/src/testing/hls-fixture';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
let clipId: number;
let longId: number;
let otherId: number;
const dirOf = (id: number) =>
  (sut.db.$client.prepare('SELECT dir FROM videos WHERE id = ?').get(id) as { dir: string }).dir;

/** The MP4 entries of videofile.php, decoded. */
async function mp4Links(id: number, cookie?: string) {
  const { res, body } = await sut.json(`/api/videofile.php?video_id=${id}`, {
    headers: cookie ? { cookie } : {},
  });
  if (res.status !== 200) return { status: res.status, links: [] };
  const list = body as unknown as { format: string; quality?: string; height?: number; video_url: string }[];
  return {
    status: res.status,
    first: list[0],
    links: list
      .filter((l) => l.format === 'mp4')
      .map((l) => ({
        quality: l.quality!,
        height: l.height!,
        url: Buffer.from(l.video_url, 'base64').toString(),
      })),
  };
}

/** Polls the status URL, as the download gate does, until the MP4 is ready. */
async function untilReady(url: string) {
  const statusUrl = url.replace(/\.mp4$/, '.json');
  await vi.waitFor(
    async () => {
      const res = await sut.request(statusUrl);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ state: 'ready' });
    },
    { timeout: 60_000, interval: 100 },
  );
}

async function saveBody(res: Response, name: string): Promise<string> {
  const file = join(sut.config.dataDir, name);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

beforeAll(() => {
  sut = createTestApp({ videos: 60 });
  const media = sut.config.mediaDir;
  makeHlsLadder(join(media, 'test', 'real'), { seconds: 6, heights: [360, 240] });
  // A long demo video: the clip's segments four times over, with discontinuities (24 s).
  makeRepeatedVariant(join(media, 'test', 'long'), join(media, 'test', 'real'), [360, 240], 4);
  const ids = sut.db.$client
    .prepare('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 3')
    .pluck()
    .all() as number[];
  [clipId, longId, otherId] = ids;
  const setMedia = sut.db.$client.prepare('UPDATE videos SET media_path = ? WHERE id = ?');
  setMedia.run('test/real', clipId);
  setMedia.run('test/long', longId);
  setMedia.run('test/real', otherId);
}, 120_000);
afterAll(() => sut.close());

describe('MP4 downloads', () => {
  it('videofile.php keeps the HLS entry first and lists one MP4 per ladder level', async () => {
    const { status, first, links } = await mp4Links(clipId);
    expect(status).toBe(200);
    expect(first?.format).toBe('hls');
    expect(Buffer.from(first!.video_url, 'base64').toString()).toMatch(/\/master\.m3u8$/);
    expect(links.map((l) => [l.quality, l.height])).toEqual([
      ['360p', 360],
      ['240p', 240],
    ]);
    expect(links[0].url).toMatch(new RegExp(`^/download/\\d+/[\\w-]{27}/${clipId}/360p\\.mp4$`));
  });

  it('makes the MP4 on the first request and serves it as an attachment with ranges', async () => {
    const [level] = (await mp4Links(clipId)).links;
    const first = await (await sut.request(level.url.replace(/\.mp4$/, '.json'))).json();
    expect(['working', 'ready']).toContain(first.state);
    await untilReady(level.url);

    const res = await sut.request(level.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${dirOf(clipId)}-360p.mp4"`);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const size = Number(res.headers.get('content-length'));
    const file = await saveBody(res, 'clip-360p.mp4');
    const probed = probeMp4(file);
    expect(probed.codecs.sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(probed.durationSec - 6)).toBeLessThanOrEqual(0.5);
    const boxes = mp4Boxes(file);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    const part = await sut.request(level.url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(part.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const head = await sut.request(level.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const tail = await sut.request(level.url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect((await sut.request(level.url, { headers: { range: `bytes=${size}-` } })).status).toBe(416);
  }, 90_000);

  it('gives a long video made of repeated segments with discontinuities its full duration', async () => {
    const level = (await mp4Links(longId)).links.find((l) => l.quality === '240p')!;
    // A plain GET waits for the remux: curl, wget and VLC need no status polling.
    const res = await sut.request(level.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${dirOf(longId)}-240p.mp4"`);
    const probed = probeMp4(await saveBody(res, 'long-240p.mp4'));
    expect(probed.codecs.sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(probed.durationSec - 24)).toBeLessThanOrEqual(0.5);
  }, 90_000);

  it('serves and downloads an fMP4 (CMAF) ladder: init and media segments with their types, an MP4 of its length', async () => {
    makeHlsLadder(join(sut.config.mediaDir, 'test', 'cmaf'), { seconds: 6, heights: [360, 240], fmp4: true });
    const id = sut.db.$client
      .prepare('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND id NOT IN (?, ?, ?) LIMIT 1')
      .pluck()
      .get(clipId, longId, otherId) as number;
    sut.db.$client.prepare("UPDATE videos SET media_path = 'test/cmaf' WHERE id = ?").run(id);
    const { first, links } = await mp4Links(id);
    const ladder = Buffer.from(first!.video_url, 'base64').toString();
    const variant = await (await sut.request(ladder.replace('master.m3u8', '360p/index.m3u8'))).text();
    expect(variant).toContain('#EXT-X-MAP:URI="init-360p.mp4"');
    const init = await sut.request(ladder.replace('master.m3u8', '360p/init-360p.mp4'));
    expect(init.status).toBe(200);
    expect(init.headers.get('content-type')).toBe('video/mp4');
    const segment = await sut.request(ladder.replace('master.m3u8', '360p/seg-0000.m4s'), {
      headers: { range: 'bytes=0-7' },
    });
    expect(segment.status).toBe(206);
    expect(segment.headers.get('content-type')).toBe('video/iso.segment');
    // Unsigned, neither is served.
    expect((await sut.request('/media/test~cmaf/360p/init-360p.mp4')).status).toBe(403);

    const level = links.find((l) => l.quality === '360p')!;
    const res = await sut.request(level.url);
    expect(res.status).toBe(200);
    const file = await saveBody(res, 'cmaf-360p.mp4');
    const probed = probeMp4(file);
    expect(probed.codecs.sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(probed.durationSec - 6)).toBeLessThanOrEqual(0.5);
    expect(mp4Boxes(file)).not.toContain('moof');
  }, 90_000);

  it('remuxes once for requests that arrive together, and shares the file between videos of one clip', async () => {
    const level = (await mp4Links(clipId)).links.find((l) => l.quality === '240p')!;
    const other = (await mp4Links(otherId)).links.find((l) => l.quality === '240p')!;
    const [a, b, c] = await Promise.all([
      sut.request(level.url),
      sut.request(level.url),
      sut.request(other.url),
    ]);
    const bodies = await Promise.all([a, b, c].map(async (r) => Buffer.from(await r.arrayBuffer())));
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(bodies[0].equals(bodies[1]) && bodies[0].equals(bodies[2])).toBe(true);
    // Each video's own name, one file in the cache.
    expect(c.headers.get('content-disposition')).toBe(`attachment; filename="${dirOf(otherId)}-240p.mp4"`);
    const cached = readdirSync(join(sut.config.downloads.cacheDir, 'test~real'));
    expect(cached.filter((f) => f.startsWith('240p-'))).toHaveLength(1);
    expect(cached.filter((f) => !f.endsWith('.mp4'))).toEqual([]);
  }, 90_000);

  it('waits while another node holds the lock, then makes the file itself when the lock goes', async () => {
    rmSync(join(sut.config.downloads.cacheDir, 'test~long'), { recursive: true, force: true });
    const level = (await mp4Links(longId)).links.find((l) => l.quality === '360p')!;
    const target = (await sut.services.downloads.resolve(longId, '360p', {
      memberId: null,
      role: null,
    }))!;
    mkdirSync(join(target.cacheFile, '..'), { recursive: true });
    writeFileSync(`${target.cacheFile}.lock`, 'other-node 1\n');
    const statusUrl = level.url.replace(/\.mp4$/, '.json');
    expect(await (await sut.request(statusUrl)).json()).toEqual({ state: 'working', percent: 0 });
    await vi.waitFor(async () => {
      expect(await (await sut.request(statusUrl)).json()).toEqual({ state: 'working', percent: null });
    });
    rmSync(`${target.cacheFile}.lock`);
    await untilReady(level.url);
  }, 90_000);

  it('refuses forged, expired, altered and other videos’ signatures', async () => {
    const [level] = (await mp4Links(clipId)).links;
    const [, , exp, sig] = level.url.split('/');
    const forged = level.url.replace(sig, 'A'.repeat(27));
    const expired = level.url.replace(`/download/${exp}/`, '/download/1000/');
    const later = level.url.replace(`/download/${exp}/`, `/download/${Number(exp) + 3600}/`);
    const otherVideo = level.url.replace(`/${clipId}/`, `/${otherId}/`);
    const otherQuality = level.url.replace('/360p.mp4', '/240p.mp4');
    for (const url of [forged, expired, later, otherVideo, otherQuality]) {
      const res = await sut.request(url);
      expect(res.status, url).toBe(403);
      expect(res.headers.get('content-disposition')).toBeNull();
    }
    // The ladder's signature opens no download, and a download's opens no ladder.
    const hls = (await mp4Links(clipId)).first!;
    const hlsUrl = Buffer.from(hls.video_url, 'base64').toString();
    const [, , hExp, hSig] = hlsUrl.split('/');
    expect((await sut.request(`/download/${hExp}/${hSig}/${clipId}/360p.mp4`)).status).toBe(403);
    expect((await sut.request(`/media/${exp}/${sig}/test~real/master.m3u8`)).status).toBe(403);
  });

  it('refuses qualities outside the ladder and traversal in the quality, even when signed', async () => {
    const urls = sut.services.urls;
    const signed = (quality: string) => urls.signedDownload(clipId, quality).url;
    expect((await sut.request(signed('1080p'))).status).toBe(404);
    expect((await sut.request(signed('1080p').replace(/\.mp4$/, '.json'))).status).toBe(404);
    const [, , exp, sig] = signed('360p').split('/');
    for (const file of [
      '..%2F..%2Fsite.db',
      '..%2F360p.mp4',
      '360p%2F..%2F..%2F..%2Fsite.db',
      '360p.m3u8',
      '360p.ts',
      '360p',
      '360p.mp4.json',
      'index.m3u8',
    ]) {
      const res = await sut.request(`/download/${exp}/${sig}/${clipId}/${file}`);
      // (A name without an extension gets the site's trailing-slash redirect, to a path that is no file.)
      expect([301, 403, 404], file).toContain(res.status);
      expect(res.headers.get('content-disposition'), file).toBeNull();
    }
    // A signed quality with a traversal in it never reaches the disk.
    for (const q of ['..', '../360p', '360p/../../..', '360', 'master']) {
      const res = await sut.request(urls.signedDownload(clipId, q).url);
      expect(res.status, q).not.toBe(200);
      expect(res.headers.get('content-disposition'), q).toBeNull();
    }
    // Dot segments are resolved by the URL parser before routing: never a file.
    for (const file of ['../../../site.db', '%2E%2E', '%2E%2E/%2E%2E/site.db']) {
      expect((await sut.request(`/download/${exp}/${sig}/${clipId}/${file}`)).status).not.toBe(200);
    }
    expect((await sut.request(`/download/${exp}/${sig}/abc/360p.mp4`)).status).toBe(404);
  });

  it('stops working at once when the video is taken down, made private or deleted', async () => {
    const ids = sut.db.$client
      .prepare('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND id > ? ORDER BY id LIMIT 3')
      .pluck()
      .all(otherId) as number[];
    const setMedia = sut.db.$client.prepare("UPDATE videos SET media_path = 'test/real' WHERE id = ?");
    const urls: string[] = [];
    for (const id of ids) {
      setMedia.run(id);
      const [level] = (await mp4Links(id)).links;
      expect((await sut.request(level.url)).status).toBe(200);
      urls.push(level.url);
    }
    const [takenDown, madePrivate, deleted] = ids;
    expect(await sut.services.publish.takeDown([takenDown])).toEqual([takenDown]);
    sut.db.$client.prepare('UPDATE videos SET is_private = 1 WHERE id = ?').run(madePrivate);
    sut.db.$client.prepare('UPDATE videos SET status_id = 5 WHERE id = ?').run(deleted);
    for (const url of urls) {
      expect((await sut.request(url)).status, url).toBe(404);
      expect((await sut.request(url.replace(/\.mp4$/, '.json'))).status).toBe(404);
    }
    // Nor are new links handed out.
    expect((await mp4Links(madePrivate)).links).toEqual([]);
    expect((await mp4Links(takenDown)).links).toEqual([]);
  }, 90_000);
});

describe('the download cache', () => {
  it('is trimmed to its size, least recently downloaded first, keeping the file just made', async () => {
    const small = createTestApp({ videos: 20, env: { DOWNLOAD_CACHE_MB: '0' } });
    try {
      makeHlsLadder(join(small.config.mediaDir, 'test', 'real'), { seconds: 4, heights: [240, 144] });
      const id = small.db.$client
        .prepare('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1')
        .pluck()
        .get() as number;
      small.db.$client.prepare("UPDATE videos SET media_path = 'test/real' WHERE id = ?").run(id);
      const cached = () => readdirSync(join(small.config.downloads.cacheDir, 'test~real')).sort();
      const get = (q: string) => small.request(small.services.urls.signedDownload(id, q).url);
      expect((await get('240p')).status).toBe(200);
      expect(cached()).toEqual([expect.stringMatching(/^240p-[0-9a-f]{16}\.mp4$/)]);
      expect((await get('144p')).status).toBe(200);
      expect(cached()).toEqual([expect.stringMatching(/^144p-[0-9a-f]{16}\.mp4$/)]);
      // Gone from the cache is not gone: the next request makes it again.
      expect((await get('240p')).status).toBe(200);
    } finally {
      small.close();
    }
  }, 90_000);
});

describe('the per-address download limit', () => {
  it('refuses to start more files from one address, but still serves the ones made and under way', async () => {
    // A factor of 0.1 leaves one new file an hour per address.
    const limited = createTestApp({ videos: 20, env: { RATE_LIMIT_FACTOR: '0.1' } });
    try {
      makeHlsLadder(join(limited.config.mediaDir, 'test', 'real'), { seconds: 4, heights: [240, 144] });
      const id = limited.db.$client
        .prepare('SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1')
        .pluck()
        .get() as number;
      limited.db.$client.prepare("UPDATE videos SET media_path = 'test/real' WHERE id = ?").run(id);
      const url = (q: string) => limited.services.urls.signedDownload(id, q).url;
      expect((await limited.request(url('240p'))).status).toBe(200);
      const status = await limited.request(url('144p').replace(/\.mp4$/, '.json'));
      expect(status.status).toBe(429);
      expect(await status.json()).toMatchObject({ code: 'too_many_requests' });
      expect((await limited.request(url('144p'))).status).toBe(429);
      // The file already made is not a new remux.
      const again = await limited.request(url('240p'));
      expect(again.status).toBe(200);
      expect(Number(again.headers.get('content-length'))).toBeGreaterThan(1000);
    } finally {
      limited.close();
    }
  }, 90_000);
});
