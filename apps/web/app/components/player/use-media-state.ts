import { type RefObject, useEffect, useState } from 'react';

export interface MediaState {
  paused: boolean;
  started: boolean;
  waiting: boolean;
  ended: boolean;
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  muted: boolean;
  volume: number;
}

const EVENTS = [
  'play',
  'pause',
  'playing',
  'waiting',
  'seeking',
  'seeked',
  'ended',
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'progress',
  'volumechange',
  'canplay',
] as const;

function bufferedEnd(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video;
  for (let i = 0; i < buffered.length; i++) {
    if (buffered.start(i) <= currentTime && currentTime <= buffered.end(i)) return buffered.end(i);
  }
  return 0;
}

/** Mirrors the video element's state into React; `fallbackDuration` covers the time before metadata. */
export function useMediaState(
  videoRef: RefObject<HTMLVideoElement | null>,
  fallbackDuration: number,
): MediaState {
  const [state, setState] = useState<MediaState>({
    paused: true,
    started: false,
    waiting: false,
    ended: false,
    currentTime: 0,
    duration: fallbackDuration,
    bufferedEnd: 0,
    muted: false,
    volume: 1,
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const sync = (event?: Event) => {
      setState((prev) => ({
        paused: video.paused,
        started: prev.started || event?.type === 'play' || video.currentTime > 0,
        waiting:
          event?.type === 'waiting'
            ? true
            : event?.type === 'playing' || event?.type === 'canplay'
              ? false
              : prev.waiting,
        ended: video.ended,
        currentTime: video.currentTime,
        duration: Number.isFinite(video.duration) && video.duration > 0 ? video.duration : prev.duration,
        bufferedEnd: bufferedEnd(video),
        muted: video.muted,
        volume: video.volume,
      }));
    };
    for (const name of EVENTS) video.addEventListener(name, sync);
    sync();
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, sync);
    };
  }, [videoRef]);

  return state;
}
