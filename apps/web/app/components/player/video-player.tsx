import { formatDuration } from '@vt/i18n';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaAllowed } from '../../lib/age-gate';
import type { VideoThumb } from '../../lib/dto';
import { EndScreen } from './end-screen';
import {
  ExitFullscreenIcon,
  FullscreenIcon,
  MutedIcon,
  PauseIcon,
  PlayIcon,
  VolumeIcon,
} from './player-icons';
import { SeekBar } from './seek-bar';
import { useFullscreen } from './use-fullscreen';
import { useHlsSource } from './use-hls-source';
import { useMediaState } from './use-media-state';
import { useNextAutoplay } from './use-next-autoplay';
import { useTimelineCues } from './use-timeline-cues';

interface VideoPlayerProps {
  /** Signed master.m3u8 URL. */
  src: string;
  poster: string;
  title: string;
  durationSec: number;
  timelineVtt: string | null;
  /** Shown on the end screen; the first one opens after the countdown when `autoplayNext` is on. */
  related?: readonly VideoThumb[];
  /** Next-video autoplay (the video page on desktop; never the embed player). */
  autoplayNext?: boolean;
  /** Shown over the top of the picture with the controls, e.g. the embed player's title link. */
  overlay?: ReactNode;
  /** Embed mode: the end screen links here (new tab) instead of listing related videos. */
  moreHref?: string;
}

const SEEK_STEP = 5;
const VOLUME_STEP = 0.1;
const IDLE_MS = 2500;

/** The player, or while the age gate is shown a dark frame of the same size: no stream, poster or VTT loads. */
export function VideoPlayer(props: VideoPlayerProps) {
  const { t } = useTranslation();
  if (useMediaAllowed()) return <Player {...props} />;
  return (
    <section className="player player--held" aria-label={t('player.region')} data-testid="player-held">
      {props.overlay}
    </section>
  );
}

/** Our own controls on a plain <video>: HLS via hls.js (or native), sprite previews on the seek bar. */
function Player({
  src,
  poster,
  title,
  durationSec,
  timelineVtt,
  related = [],
  autoplayNext = false,
  overlay,
  moreHref,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const shortcutsId = useId();
  const state = useMediaState(videoRef, durationSec);
  const cues = useTimelineCues(timelineVtt);
  const [fullscreen, toggleFullscreen] = useFullscreen(boxRef, videoRef);
  const [idle, setIdle] = useState(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The loader signs a new URL on every revalidation; keep the first one so playback is not restarted.
  const [source] = useState(src);
  // A click that lands before hls.js has loaded is remembered and honoured once the stream is attached.
  const playWhenAttached = useRef(false);
  const startPlayback = useCallback((video: HTMLVideoElement) => {
    video.play().catch((error: unknown) => console.error('[player] play() was refused', error));
  }, []);
  useHlsSource(videoRef, source, () => {
    if (playWhenAttached.current && videoRef.current) startPlayback(videoRef.current);
    playWhenAttached.current = false;
  });

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (!video.currentSrc && !video.getAttribute('src')) {
      playWhenAttached.current = !playWhenAttached.current;
    } else if (video.paused || video.ended) {
      startPlayback(video);
    } else {
      video.pause();
    }
  }, [startPlayback]);

  const seekTo = useCallback(
    (time: number) => {
      const video = videoRef.current;
      if (!video) return;
      const end = Number.isFinite(video.duration) ? video.duration : durationSec;
      video.currentTime = Math.min(Math.max(time, 0), end);
    },
    [durationSec],
  );

  const toggleMute = useCallback(() => {
    const video = videoRef.current;
    if (video) video.muted = !video.muted;
  }, []);

  const changeVolume = (delta: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = Math.min(1, Math.max(0, Math.round((video.volume + delta) * 10) / 10));
    video.muted = video.volume === 0;
  };

  const wake = useCallback(() => {
    setIdle(false);
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => setIdle(true), IDLE_MS);
  }, []);

  useEffect(() => () => clearTimeout(idleTimer.current), []);

  const runShortcut = (key: string): boolean => {
    const video = videoRef.current;
    switch (key) {
      case ' ':
      case 'k':
        togglePlay();
        return true;
      case 'arrowleft':
        seekTo((video?.currentTime ?? 0) - SEEK_STEP);
        return true;
      case 'arrowright':
        seekTo((video?.currentTime ?? 0) + SEEK_STEP);
        return true;
      case 'arrowup':
        changeVolume(VOLUME_STEP);
        return true;
      case 'arrowdown':
        changeVolume(-VOLUME_STEP);
        return true;
      case 'm':
        toggleMute();
        return true;
      case 'f':
        toggleFullscreen();
        return true;
      default:
        return false;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // A focused button already answers Space with a click.
    if (event.key === ' ' && (event.target as HTMLElement).tagName === 'BUTTON') return;
    if (!runShortcut(event.key.toLowerCase())) return;
    event.preventDefault();
    wake();
  };

  const playing = !state.paused;
  const showControls = !playing || !idle;
  const autoplay = useNextAutoplay(state.ended, autoplayNext, related[0]?.url ?? null);
  const replay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = 0;
    startPlayback(video);
  }, [startPlayback]);
  const showEndScreen = state.ended && (related.length > 0 || moreHref !== undefined);

  return (
    <section
      ref={boxRef}
      className={`player${showControls ? '' : ' player--idle'}${fullscreen ? ' player--fullscreen' : ''}`}
      aria-label={t('player.region')}
      aria-describedby={shortcutsId}
      onKeyDown={onKeyDown}
      onPointerMove={wake}
    >
      <p id={shortcutsId} className="visually-hidden">
        {t('player.shortcuts')}
      </p>
      <video
        ref={videoRef}
        className="player__video"
        poster={poster || undefined}
        preload="metadata"
        playsInline
        title={title}
        data-testid="player-video"
      />
      <button
        type="button"
        className="player__surface"
        aria-label={playing ? t('player.pause') : t('player.play')}
        onClick={togglePlay}
        onDoubleClick={toggleFullscreen}
      >
        {!state.started && (
          <span className="player__big-play">
            <PlayIcon />
          </span>
        )}
      </button>
      {overlay && <div className="player__overlay">{overlay}</div>}
      {showEndScreen && (
        <EndScreen related={related} autoplay={autoplay} onReplay={replay} moreHref={moreHref} />
      )}
      {state.waiting && playing && (
        <span className="player__spinner" role="status" aria-label={t('player.loading')} />
      )}
      <div className="player__controls">
        <SeekBar
          currentTime={state.currentTime}
          duration={state.duration}
          bufferedEnd={state.bufferedEnd}
          cues={cues}
          onSeek={seekTo}
        />
        <div className="player__buttons">
          <button
            type="button"
            className="player__button"
            data-testid="play-button"
            aria-label={playing ? t('player.pause') : t('player.play')}
            onClick={togglePlay}
          >
            {playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className="player__button"
            aria-label={state.muted ? t('player.unmute') : t('player.mute')}
            aria-pressed={state.muted}
            onClick={toggleMute}
          >
            {state.muted || state.volume === 0 ? <MutedIcon /> : <VolumeIcon />}
          </button>
          <span className="player__time" data-testid="player-time">
            {t('player.time', {
              current: formatDuration(state.currentTime),
              duration: formatDuration(state.duration),
            })}
          </span>
          <button
            type="button"
            className="player__button player__button--end"
            aria-label={fullscreen ? t('player.exit_fullscreen') : t('player.fullscreen')}
            onClick={toggleFullscreen}
          >
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </button>
        </div>
      </div>
    </section>
  );
}
