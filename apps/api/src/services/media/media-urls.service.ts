import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../shared/clock';

export const TIMELINE_TOKEN = '/timelines/';
export const TIMELINE_FORMAT = '160x90';
/** Captions sit beside the seek-preview VTT: /timelines/captions/{bucket}/{id}.{version}.vtt. */
export const CAPTIONS_FORMAT = 'captions';

export interface MediaUrlDeps {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
  /**
   * hmac: HMAC-SHA256 (the default, checked by the app). nginx: the MD5 form nginx's secure_link module
   * checks (`secure_link_md5 "$exp/$key $secret"`), so nginx can serve the ladder itself in production.
   */
  scheme?: 'hmac' | 'nginx';
}

/** A media path as one URL segment, so the ladder's relative playlist URLs stay under the signed prefix. */
export const mediaKey = (mediaPath: string) => mediaPath.replaceAll('/', '~');
export const mediaPathOfKey = (key: string) => key.replaceAll('~', '/');

export const bucketOf = (id: number) => Math.floor(id / 1000) * 1000;

/** Public images (thumbs, previews, sprite sheets) and signed, expiring HLS locations. */
export function createMediaUrls({ secret, ttlSeconds, clock, scheme = 'hmac' }: MediaUrlDeps) {
  const sign = (exp: number, mediaPath: string) =>
    scheme === 'nginx'
      ? createHash('md5')
          .update(`${exp}/${mediaKey(mediaPath)} ${secret}`)
          .digest('base64url')
      : createHmac('sha256', secret).update(`${exp}/${mediaPath}`).digest('base64url').slice(0, 27);

  /**
   * Downloads are always checked by the app (it makes the MP4 on demand and checks the video on every
   * request), so they are HMAC-signed whatever the scheme, over their own payload: a download signature
   * never opens a ladder directory, nor the other way round.
   */
  const signDownload = (exp: number, videoId: number, quality: string) =>
    createHmac('sha256', secret)
      .update(`download:${exp}:${videoId}:${quality}`)
      .digest('base64url')
      .slice(0, 27);
  const expiry = () => (Math.floor(clock.now() / 3600) + 1) * 3600 + ttlSeconds;
  const same = (a: string, b: string) => {
    const want = Buffer.from(a);
    const got = Buffer.from(b);
    return want.length === got.length && timingSafeEqual(want, got);
  };

  return {
    image(mediaPath: string | null, file: string): string {
      return mediaPath ? `/thumbs/${mediaPath}/${file}` : '';
    },

    /**
     * The expiry is rounded up to the hour so that every request within an hour gets the same URL:
     * answers that carry it stay cacheable, and the URL stays valid for at least ttlSeconds.
     */
    signedHls(mediaPath: string): { url: string; expires: number } {
      const exp = expiry();
      return {
        url: `/media/${exp}/${sign(exp, mediaPath)}/${mediaKey(mediaPath)}/master.m3u8`,
        expires: exp,
      };
    },

    verify(exp: number, sig: string, mediaPath: string): boolean {
      if (!Number.isSafeInteger(exp) || exp < clock.now()) return false;
      return same(sign(exp, mediaPath), sig);
    },

    /** The MP4 of one ladder level of a video: `/download/{exp}/{sig}/{video id}/{quality}.mp4`. */
    signedDownload(videoId: number, quality: string): { url: string; expires: number } {
      const exp = expiry();
      return {
        url: `/download/${exp}/${signDownload(exp, videoId, quality)}/${videoId}/${quality}.mp4`,
        expires: exp,
      };
    },

    verifyDownload(exp: number, sig: string, videoId: number, quality: string): boolean {
      if (!Number.isSafeInteger(exp) || exp < clock.now()) return false;
      return same(signDownload(exp, videoId, quality), sig);
    },

    timelineVtt(video: { id: number; timelineCount: number; timelineInterval: number }): string | null {
      if (!video.timelineCount) return null;
      return `${TIMELINE_TOKEN}${TIMELINE_FORMAT}/${bucketOf(video.id)}/${video.id}.${video.timelineCount}.${video.timelineInterval}.vtt`;
    },

    /** Versioned by the track's update time, so a replaced track never comes from a stale cache. */
    captionsVtt(video: { id: number; version: number }): string {
      return `${TIMELINE_TOKEN}${CAPTIONS_FORMAT}/${bucketOf(video.id)}/${video.id}.${video.version}.vtt`;
    },
  };
}

export type MediaUrls = ReturnType<typeof createMediaUrls>;
