import type Hls from 'hls.js';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { HLS_CONFIG, loadHls, playsHlsNatively, warmHls } from './hls-loader';

export interface HlsSource {
  /**
   * Play/pause; the first call attaches the stream (issue 18: nothing is fetched before play). `auto`:
   * started without a press (the next-video countdown), so a refusal of sound falls back to muted.
   */
  toggle: (startAt: number, auto?: boolean) => void;
  /** Fetches hls.js ahead of a likely press of play. */
  warm: () => void;
  /** Whether the stream is attached, so seeks go to the video itself. */
  attached: boolean;
  /** Play was pressed and hls.js is still on its way. */
  starting: boolean;
  /** The hls.js instance once attached (its levels feed the quality menu); null for native HLS. */
  hls: Hls | null;
  /** The browser refused to start with sound, so playback started muted: offer to unmute. */
  mutedByPolicy: boolean;
  clearMutedByPolicy: () => void;
}

const startPlayback = (video: HTMLVideoElement, onMuted?: () => void) => {
  video.play().catch((error: unknown) => {
    // Autoplay policies allow muted playback where they refuse sound (Chrome, Safari, Firefox).
    if (onMuted && (error as Error | null)?.name === 'NotAllowedError' && !video.muted) {
      video.muted = true;
      onMuted();
      video.play().catch((again: unknown) => console.error('[player] muted play() was refused', again));
      return;
    }
    console.error('[player] play() was refused', error);
  });
};

/**
 * Attaches an HLS stream to the video element on the first press of play: natively where the browser
 * plays HLS, else through hls.js, imported only then. File errors are only logged (spec §8: no user
 * message).
 */
export function useHlsSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string,
  /** Segments come by redirect from an object store (RootData.mediaRedirects). */
  mediaRedirects = false,
): HlsSource {
  const detach = useRef<(() => void) | null>(null);
  // A second press while hls.js loads takes the first one back, as it would pause a playing video.
  const wantPlay = useRef(false);
  // Bumped on unmount or a new source, so a late hls.js never attaches to a player that moved on.
  const generation = useRef(0);
  const [attached, setAttached] = useState(false);
  const [starting, setStarting] = useState(false);
  const [hls, setHls] = useState<Hls | null>(null);
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const onMuted = useCallback(() => setMutedByPolicy(true), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new source must detach the old stream
  useEffect(() => {
    const current = ++generation.current;
    return () => {
      if (generation.current === current) generation.current++;
      detach.current?.();
      detach.current = null;
      wantPlay.current = false;
      setAttached(false);
      setStarting(false);
      setHls(null);
    };
  }, [src]);

  const toggle = useCallback(
    (startAt: number, auto = false) => {
      const video = videoRef.current;
      if (!video || !src) return;
      const muted = auto ? onMuted : undefined;
      if (detach.current) {
        if (video.paused || video.ended) startPlayback(video, muted);
        else video.pause();
        return;
      }
      if (starting) {
        wantPlay.current = !wantPlay.current;
        return;
      }
      if (playsHlsNatively(video, mediaRedirects)) {
        video.src = src;
        // Before metadata this sets the default playback start position (HTML §4.8.11.8).
        if (startAt > 0) video.currentTime = startAt;
        detach.current = () => {
          video.removeAttribute('src');
          video.load();
        };
        setAttached(true);
        // Still inside the click: iOS plays only from a user gesture.
        startPlayback(video, muted);
        return;
      }
      const current = generation.current;
      wantPlay.current = true;
      setStarting(true);
      loadHls()
        .then((Hls) => {
          if (generation.current !== current) return;
          setStarting(false);
          if (!Hls.isSupported()) {
            console.error('[player] this browser cannot play HLS');
            return;
          }
          const player = new Hls({ ...HLS_CONFIG, startPosition: startAt > 0 ? startAt : -1 });
          player.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return;
            console.error('[player] fatal HLS error', data.type, data.details);
            if (data.type === Hls.ErrorTypes.NETWORK_ERROR) player.startLoad();
            else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) player.recoverMediaError();
            else player.destroy();
          });
          player.loadSource(src);
          player.attachMedia(video);
          detach.current = () => player.destroy();
          setHls(player);
          setAttached(true);
          if (wantPlay.current) startPlayback(video, muted);
          wantPlay.current = false;
        })
        .catch((error: unknown) => {
          if (generation.current === current) setStarting(false);
          console.error('[player] could not load hls.js', error);
        });
    },
    [videoRef, src, starting, onMuted, mediaRedirects],
  );

  const warm = useCallback(() => warmHls(videoRef.current, mediaRedirects), [videoRef, mediaRedirects]);
  const clearMutedByPolicy = useCallback(() => setMutedByPolicy(false), []);

  return { toggle, warm, attached, starting, hls, mutedByPolicy, clearMutedByPolicy };
}
