import { type RefObject, useEffect, useRef } from 'react';
import { apiClient } from '../../lib/api-client';

/** Visitors' positions, newest last; the oldest are dropped past this many videos. */
const KEY = 'player_positions';
const KEPT = 100;
/** Near either end there is nothing to resume: the video starts over (the server keeps the same rule). */
const MARGIN_SEC = 5;
const LOCAL_EVERY_MS = 3_000;
const SERVER_EVERY_MS = 15_000;

type Stored = Record<string, number>;

function readAll(): Stored {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

function writeLocal(videoId: number, seconds: number | null) {
  try {
    const all = readAll();
    delete all[videoId];
    if (seconds !== null) all[videoId] = Math.floor(seconds);
    // Insertion order is the age: keep the newest KEPT.
    const kept = Object.entries(all).slice(-KEPT);
    window.localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage can be full or switched off: then nothing is resumed.
  }
}

const worthResuming = (seconds: number, duration: number) =>
  seconds >= MARGIN_SEC && (duration <= 0 || seconds <= duration - MARGIN_SEC);

interface ResumeOptions {
  videoRef: RefObject<HTMLVideoElement | null>;
  videoId: number | null;
  signedIn: boolean;
  attached: boolean;
  durationSec: number;
  onStartAt: (seconds: number) => void;
}

/**
 * Resume from the last position: localStorage for visitors, the server for members (asked after load,
 * so nothing member-specific is in the cached page). Saved while playing, on pause and on leaving; the
 * end of the video clears it.
 */
export function useResume({ videoRef, videoId, signedIn, attached, durationSec, onStartAt }: ResumeOptions) {
  const attachedRef = useRef(attached);
  attachedRef.current = attached;
  const startAtRef = useRef(onStartAt);
  startAtRef.current = onStartAt;

  useEffect(() => {
    if (videoId === null) return;
    let cancelled = false;
    const apply = (seconds: number | null | undefined) => {
      const video = videoRef.current;
      if (cancelled || !video || typeof seconds !== 'number' || !worthResuming(seconds, durationSec)) return;
      if (!attachedRef.current) {
        startAtRef.current(seconds);
        return;
      }
      // Already playing (the chunk came after the press): jump once, unless the viewer has moved on.
      const jump = () => {
        if (video.currentTime < MARGIN_SEC) video.currentTime = seconds;
      };
      if (video.readyState >= 1) jump();
      else video.addEventListener('loadedmetadata', jump, { once: true });
    };
    if (signedIn) {
      apiClient()
        .me.position.query({ videoId })
        .then((r) => apply(r.position))
        .catch(() => {});
    } else {
      apply(readAll()[videoId]);
    }
    return () => {
      cancelled = true;
    };
  }, [videoId, signedIn, durationSec, videoRef]);

  useEffect(() => {
    const video = videoRef.current;
    if (videoId === null || !video) return;
    let played = false;
    let last = 0;
    // Read while playing: on leaving, the stream may already be detached (currentTime back at 0).
    let at = 0;
    let ended = false;
    let lastSent: number | null = -1;
    const write = (seconds: number | null) => {
      if (!signedIn) return writeLocal(videoId, seconds);
      const rounded = seconds === null ? null : Math.floor(seconds);
      if (rounded === lastSent) return;
      lastSent = rounded;
      apiClient()
        .me.savePosition.mutate({ videoId, position: rounded ?? 0 })
        .catch(() => {});
    };
    const save = (force: boolean) => {
      if (!played) return;
      const now = Date.now();
      if (!force && now - last < (signedIn ? SERVER_EVERY_MS : LOCAL_EVERY_MS)) return;
      last = now;
      write(ended || !worthResuming(at, durationSec) ? null : at);
    };
    const onPlaying = () => {
      played = true;
      ended = false;
    };
    const onTime = () => {
      if (video.currentTime > 0) at = video.currentTime;
      save(false);
    };
    const onStop = () => {
      if (video.ended) ended = true;
      save(true);
    };
    const onHide = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    const listening = new AbortController();
    const { signal } = listening;
    video.addEventListener('playing', onPlaying, { signal });
    video.addEventListener('timeupdate', onTime, { signal });
    video.addEventListener('pause', onStop, { signal });
    video.addEventListener('ended', onStop, { signal });
    window.addEventListener('pagehide', onStop, { signal });
    document.addEventListener('visibilitychange', onHide, { signal });
    return () => {
      save(true);
      listening.abort();
    };
  }, [videoId, signedIn, durationSec, videoRef]);
}
