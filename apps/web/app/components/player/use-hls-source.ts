import { type RefObject, useEffect, useRef } from 'react';

const HLS_MIME = 'application/vnd.apple.mpegurl';

/**
 * Attaches an HLS stream to the video element. hls.js is imported on the client only, when the
 * player mounts; browsers without Media Source Extensions but with native HLS (iOS Safari) get the
 * URL directly. File errors are only logged (spec §8: no user message).
 */
export function useHlsSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string,
  onAttached: () => void,
): void {
  // Read through a ref so a new callback identity never re-attaches the stream.
  const attached = useRef(onAttached);
  attached.current = onAttached;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) return;
    let cancelled = false;
    let detach = () => {};

    import('hls.js')
      .then(({ default: Hls }) => {
        if (cancelled) return;
        if (Hls.isSupported()) {
          const hls = new Hls({ capLevelToPlayerSize: true });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            console.error('[player] fatal HLS error', data.type, data.details);
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
            else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
            else hls.destroy();
          });
          hls.loadSource(src);
          hls.attachMedia(video);
          detach = () => hls.destroy();
          attached.current();
        } else if (video.canPlayType(HLS_MIME)) {
          video.src = src;
          attached.current();
          detach = () => {
            video.removeAttribute('src');
            video.load();
          };
        } else {
          console.error('[player] this browser cannot play HLS');
        }
      })
      .catch((error: unknown) => console.error('[player] could not load hls.js', error));

    return () => {
      cancelled = true;
      detach();
    };
  }, [videoRef, src]);
}
