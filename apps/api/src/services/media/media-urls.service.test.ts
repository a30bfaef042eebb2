import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bucketOf, createMediaUrls } from './media-urls.service';

describe('media urls', () => {
  let now = 1_700_000_123;
  const sut = createMediaUrls({ secret: 'x'.repeat(32), ttlSeconds: 3600, clock: { now: () => now } });

  it('signs a stable, expiring HLS location per hour', () => {
    const a = sut.signedHls('v/123000/123456');
    now += 60;
    const b = sut.signedHls('v/123000/123456');
    expect(a.url).toBe(b.url);
    expect(a.url).toMatch(/^\/media\/\d+\/[\w-]{27}\/v~123000~123456\/master\.m3u8$/);
    expect(a.expires - now).toBeGreaterThanOrEqual(3600);
    const [, , exp, sig] = a.url.split('/');
    expect(sut.verify(Number(exp), sig, 'v/123000/123456')).toBe(true);
    expect(sut.verify(Number(exp), sig, 'v/123000/123457')).toBe(false);
    now = Number(exp) + 1;
    expect(sut.verify(Number(exp), sig, 'v/123000/123456')).toBe(false);
  });

  it('builds the timeline path of the spec', () => {
    expect(sut.timelineVtt({ id: 123456, timelineCount: 40, timelineInterval: 5 })).toBe(
      '/timelines/160x90/123000/123456.40.5.vtt',
    );
    expect(sut.timelineVtt({ id: 1, timelineCount: 0, timelineInterval: 0 })).toBeNull();
    expect(bucketOf(999)).toBe(0);
  });

  it('signs the way nginx secure_link_md5 "$exp/$key $secret" checks, when configured', () => {
    const secret = 'y'.repeat(32);
    const nginx = createMediaUrls({ secret, ttlSeconds: 3600, clock: { now: () => now }, scheme: 'nginx' });
    const { url } = nginx.signedHls('uploads/42');
    const [, , exp, sig, key] = url.split('/');
    expect(key).toBe('uploads~42');
    expect(sig).toBe(createHash('md5').update(`${exp}/${key} ${secret}`).digest('base64url'));
    expect(nginx.verify(Number(exp), sig, 'uploads/42')).toBe(true);
    expect(nginx.verify(Number(exp), sig, 'uploads/43')).toBe(false);
  });

  it('signs downloads per video and quality, apart from the ladder', () => {
    now = 1_700_000_123;
    const { url } = sut.signedDownload(42, '720p');
    const [, , exp, sig, id, file] = url.split('/');
    expect(url).toMatch(/^\/download\/\d+\/[\w-]{27}\/42\/720p\.mp4$/);
    expect([id, file]).toEqual(['42', '720p.mp4']);
    expect(sut.verifyDownload(Number(exp), sig, 42, '720p')).toBe(true);
    expect(sut.verifyDownload(Number(exp), sig, 43, '720p')).toBe(false);
    expect(sut.verifyDownload(Number(exp), sig, 42, '1080p')).toBe(false);
    expect(sut.verify(Number(exp), sig, '42')).toBe(false);
    now = Number(exp) + 1;
    expect(sut.verifyDownload(Number(exp), sig, 42, '720p')).toBe(false);
  });
});
