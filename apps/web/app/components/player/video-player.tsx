import { formatDuration } from '@vt/i18n';
import {
  type KeyboardEvent,
  lazy,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMediaAllowed } from '../../lib/age-gate';
import type { VideoCard } from '../../lib/dto';
import { srcSetOf, webpOf } from '../../lib/image-variants';
import { useRootData } from '../../lib/root-data';
import { takeEarlyPress, wasHonoured } from './early-press';
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
import { useTimelineCues } from './use-timeline-cues';

// The rest of the controls (volume slider, captions, quality and speed, picture-in-picture, theatre,
// resume) come as one chunk with hls.js, on the first sign of play: the first load does not carry them.
const loadMore = () => import('./player-more');
const VolumeSlider = lazy(() => loadMore().then((m) => ({ default: m.VolumeSlider })));
const PlayerMenus = lazy(() => loadMore().then((m) => ({ default: m.PlayerMenus })));
// Only an ended video shows it, and nothing ends before play: it comes with the same chunk.
const PlayerEnd = lazy(() => loadMore().then((m) => ({ default: m.PlayerEnd })));

interface VideoPlayerProps {
  /** Signed master.m3u8 URL: fetched only when the visitor presses play. */
  src: string;
  /** The poster (scr.jpg, 1280 wide) and, when there is one, a 640-wide version (thumb@2x.jpg). */
  poster: string;
  posterSmall?: string;
  title: string;
  durationSec: number;
  timelineVtt: string | null;
  /** Shown on the end screen; the first one opens after the countdown when `autoplayNext` is on. */
  related?: readonly VideoCard[];
  /** Next-video autoplay (the video page on desktop; never the embed player). */
  autoplayNext?: boolean;
  /** Shown over the top of the picture with the controls, e.g. the embed player's title link. */
  overlay?: ReactNode;
  /** Embed mode: the end screen links here (new tab) instead of listing related videos. */
  moreHref?: string;
  /** Resume: the video's id (none in embed mode) and whether the viewer is a member (server-side positions). */
  videoId?: number;
  signedIn?: boolean;
  /** The WebVTT captions track, attached with the stream. */
  captions?: { lang: string; url: string } | null;
  /** Theatre mode (the video page on desktop): whether it is on, and how to switch it. */
  theatre?: [boolean, (on: boolean) => void] | null;
  /** What the countdown opens instead of the first related video (the next item of a playlist). */
  next?: VideoCard | null;
}

/**
 * Whether this page was opened to play at once (the next-video countdown, "Play all": navigation state
 * `autoplay`); true once, so a reload or a return through history waits for play again.
 */
function takeAutoplay(): boolean {
  const entry = window.history.state as { usr?: { autoplay?: boolean } } | null;
  if (!entry?.usr?.autoplay) return false;
  window.history.replaceState({ ...entry, usr: { ...entry.usr, autoplay: false } }, '');
  return true;
}

const SEEK_STEP = 5;
const POSTER_SIZES = '(max-width: 1200px) 100vw, 1200px';
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
  posterSmall,
  title,
  durationSec,
  timelineVtt,
  related = [],
  autoplayNext = false,
  overlay,
  moreHref,
  videoId,
  signedIn = false,
  captions = null,
  theatre = null,
  next = null,
}: VideoPlayerProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const shortcutsId = useId();
  const posterRef = useRef<HTMLImageElement>(null);
  // The poster is the page's LCP: React writes this preload at the top of <head>, so the image is fetched
  // beside the stylesheet instead of after it and the scripts (same srcset and sizes as the <source> below).
  const posterWebp = webpOf(poster);
  if (posterWebp)
    preload(posterWebp, {
      as: 'image',
      type: 'image/webp',
      fetchPriority: 'high',
      imageSrcSet: srcSetOf([
        [webpOf(posterSmall), 640],
        [posterWebp, 1280],
      ]),
      imageSizes: POSTER_SIZES,
    });
  const state = useMediaState(videoRef, durationSec);
  const [fullscreen, toggleFullscreen] = useFullscreen(boxRef, videoRef);
  const [idle, setIdle] = useState(false);
  const idleTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The loader signs a new URL on every revalidation; keep the first one so playback is not restarted.
  const [sourceUrl] = useState(src);
  const source = useHlsSource(videoRef, sourceUrl, useRootData().mediaRedirects);
  // Seeks before play only move the start point: nothing is fetched until play.
  const [startAt, setStartAt] = useState(0);
  // The seek-preview VTT waits for the first hover or focus of the seek bar, or for play.
  const [cuesWanted, setCuesWanted] = useState(false);
  const cues = useTimelineCues(cuesWanted || source.attached ? timelineVtt : null);
  const wantCues = useCallback(() => setCuesWanted(true), []);
  // The lazy controls are wanted from the first sign of play, like hls.js.
  const [moreWanted, setMoreWanted] = useState(false);
  const warm = useCallback(() => {
    setMoreWanted(true);
    source.warm();
  }, [source.warm]);
  // Once playing, the <video> shows the poster image the <picture> already downloaded until the first frame.
  const [videoPoster, setVideoPoster] = useState<string>();

  const togglePlay = useCallback(
    (auto?: boolean) => {
      if (!videoPoster && posterRef.current?.currentSrc) setVideoPoster(posterRef.current.currentSrc);
      setMoreWanted(true);
      source.toggle(startAt, auto === true);
    },
    [source, startAt, videoPoster],
  );

  // Opened by the next-video countdown (the one case that plays without a press), or pressed early.
  const autoplayRef = useRef(togglePlay);
  autoplayRef.current = togglePlay;
  useEffect(() => {
    const pressed = takeEarlyPress();
    const auto = takeAutoplay();
    if (auto || pressed) autoplayRef.current(auto && !pressed);
  }, []);
  const onPress = (event: ReactMouseEvent<HTMLButtonElement>) => {
    if (!wasHonoured(event.nativeEvent)) togglePlay();
  };

  const seekTo = useCallback(
    (time: number) => {
      const video = videoRef.current;
      if (!video) return;
      const end = Number.isFinite(video.duration) ? video.duration : durationSec;
      const to = Math.min(Math.max(time, 0), end);
      if (source.attached) video.currentTime = to;
      else setStartAt(to);
    },
    [durationSec, source.attached],
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
    // Radios and the volume slider answer arrows themselves.
    if ((event.target as HTMLElement).closest('input, [data-player-panel]')) return;
    // A focused button already answers Space with a click.
    if (event.key === ' ' && (event.target as HTMLElement).tagName === 'BUTTON') return;
    if (!runShortcut(event.key.toLowerCase())) return;
    event.preventDefault();
    wake();
  };

  const playing = !state.paused;
  const showControls = !playing || !idle;
  const unmute = () => {
    const video = videoRef.current;
    if (video) video.muted = false;
    source.clearMutedByPolicy();
  };
  const showEndScreen = state.ended && (related.length > 0 || next !== null || moreHref !== undefined);

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
        poster={videoPoster}
        preload="none"
        playsInline
        title={title}
        data-testid="player-video"
      >
        {captions && source.attached && (
          <track kind="subtitles" src={captions.url} srcLang={captions.lang} label={captions.lang} />
        )}
      </video>
      {poster && !source.attached && (
        // The page's LCP element: an image, so it can be sized, prioritised and served as WebP.
        <picture>
          {webpOf(poster) && (
            <source
              type="image/webp"
              srcSet={srcSetOf([
                [webpOf(posterSmall), 640],
                [webpOf(poster), 1280],
              ])}
              sizes={POSTER_SIZES}
            />
          )}
          <img
            ref={posterRef}
            className="player__poster"
            src={poster}
            srcSet={srcSetOf([
              [posterSmall, 640],
              [poster, 1280],
            ])}
            sizes={POSTER_SIZES}
            width={1280}
            height={720}
            fetchPriority="high"
            alt=""
            data-testid="player-poster"
          />
        </picture>
      )}
      <button
        type="button"
        className="player__surface"
        aria-label={playing ? t('player.pause') : t('player.play')}
        onClick={onPress}
        onDoubleClick={toggleFullscreen}
        onPointerEnter={warm}
        onPointerDown={warm}
        onFocus={warm}
      >
        {!state.started && (
          <span className="player__big-play">
            <PlayIcon />
          </span>
        )}
      </button>
      {overlay && <div className="player__overlay">{overlay}</div>}
      {showEndScreen && (
        <Suspense fallback={null}>
          <PlayerEnd
            videoRef={videoRef}
            related={related}
            next={next}
            autoplayNext={autoplayNext}
            moreHref={moreHref}
          />
        </Suspense>
      )}
      {source.mutedByPolicy && state.muted && !state.paused && (
        <button type="button" className="player__unmute button" onClick={unmute} data-testid="player-unmute">
          <MutedIcon /> {t('player.unmute_prompt')}
        </button>
      )}
      {(source.starting || (state.waiting && playing)) && (
        <span className="player__spinner" role="status" aria-label={t('player.loading')} />
      )}
      <div className="player__controls">
        <SeekBar
          currentTime={source.attached ? state.currentTime : startAt}
          duration={state.duration}
          bufferedEnd={state.bufferedEnd}
          cues={cues}
          onSeek={seekTo}
          onIntent={wantCues}
        />
        <div className="player__buttons">
          <button
            type="button"
            className="player__button player__button--play"
            data-testid="play-button"
            aria-label={playing ? t('player.pause') : t('player.play')}
            onClick={onPress}
            onPointerEnter={warm}
            onPointerDown={warm}
            onFocus={warm}
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
          {moreWanted && (
            <Suspense fallback={null}>
              <VolumeSlider videoRef={videoRef} volume={state.volume} muted={state.muted} />
            </Suspense>
          )}
          <span className="player__time" data-testid="player-time">
            {t('player.time', {
              current: formatDuration(source.attached ? state.currentTime : startAt),
              duration: formatDuration(state.duration),
            })}
          </span>
          <div className="player__more">
            {moreWanted && (
              <Suspense fallback={null}>
                <PlayerMenus
                  videoRef={videoRef}
                  hls={source.hls}
                  hasCaptions={captions !== null}
                  attached={source.attached}
                  theatre={theatre}
                  videoId={videoId ?? null}
                  signedIn={signedIn}
                  durationSec={durationSec}
                  onStartAt={setStartAt}
                />
              </Suspense>
            )}
          </div>
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
