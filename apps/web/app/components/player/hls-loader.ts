import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * At most about 30 s ahead of the playhead (issue 18): hls.js otherwise raises its target to what
 * maxBufferSize (60 MB) holds at the level's bitrate, capped only by maxMaxBufferLength (600 s), which
 * fetches whole short videos. Behind the playhead, 30 s is enough to seek back without a refetch.
 */
export const HLS_CONFIG: Partial<HlsConfig> = {
  capLevelToPlayerSize: true,
  maxBufferLength: 30,
  maxMaxBufferLength: 30,
  backBufferLength: 30,
};

let hlsModule: Promise<typeof Hls> | null = null;

/**
 * Where the browser plays HLS itself (Safari, iOS, recent Chrome), hls.js is never fetched; except when
 * segments come by redirect from an object store (S3 mode) and Media Source Extensions exist: Chrome's own
 * HLS refuses segments redirected to another origin, which hls.js follows with CORS.
 */
export function playsHlsNatively(video: HTMLVideoElement, mediaRedirects = false): boolean {
  if (video.canPlayType(HLS_MIME) === '') return false;
  return !(mediaRedirects && ('MediaSource' in window || 'ManagedMediaSource' in window));
}

/** The hls.js chunk, fetched once per page, on first call: on play, or earlier when warmed. */
export function loadHls(): Promise<typeof Hls> {
  hlsModule ??= import('hls.js').then((m) => m.default);
  hlsModule.catch(() => {
    // A failed fetch (offline for a moment) may be retried by the next press of play.
    hlsModule = null;
  });
  return hlsModule;
}

/** Starts fetching hls.js when playback is likely to follow (hover or focus on play). */
export function warmHls(video: HTMLVideoElement | null, mediaRedirects = false): void {
  if (video && !playsHlsNatively(video, mediaRedirects)) loadHls().catch(() => {});
}
