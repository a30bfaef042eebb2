import type Hls from 'hls.js';
import type { Events } from 'hls.js';
import { type ChangeEvent, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoCard } from '../../lib/dto';
import { EndScreen } from './end-screen';
import { Icon } from './player-icons';
import { useNextAutoplay } from './use-next-autoplay';
import { useResume } from './use-resume';

/**
 * The rest of the controls: volume slider, captions, settings (quality, speed), picture-in-picture and
 * theatre mode. A chunk of its own, fetched with hls.js on the first sign of play (issue 18: the video
 * page's first load does not grow), so none of it is on screen before the visitor points at play.
 */

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
const LEVEL_EVENTS = ['hlsManifestParsed', 'hlsLevelsUpdated', 'hlsLevelSwitched'] as const;

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinejoin: 'round' } as const;

const SettingsIcon = () => (
  <Icon>
    <path
      {...stroke}
      d="M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm7.4 5.2 1.6 1.2-2 3.4-1.9-.7a7.6 7.6 0 0 1-1.9 1.1L14.9 21h-3.8l-.3-2.3a7.6 7.6 0 0 1-1.9-1.1l-1.9.7-2-3.4 1.6-1.2a7.7 7.7 0 0 1 0-2.2L5 10.3l2-3.4 1.9.7a7.6 7.6 0 0 1 1.9-1.1L11.1 4h3.8l.3 2.5a7.6 7.6 0 0 1 1.9 1.1l1.9-.7 2 3.4-1.6 1.2a7.7 7.7 0 0 1 0 2.2Z"
    />
  </Icon>
);
const CaptionsIcon = () => (
  <Icon>
    <rect {...stroke} x="3" y="5" width="18" height="14" rx="2" />
    <path {...stroke} d="M10.5 10.2a2.3 2.3 0 1 0 0 3.6M17 10.2a2.3 2.3 0 1 0 0 3.6" />
  </Icon>
);
const PipIcon = () => (
  <Icon>
    <rect {...stroke} x="3" y="5" width="18" height="14" rx="2" />
    <rect x="12" y="12" width="7" height="5" rx="1" fill="currentColor" />
  </Icon>
);
const TheatreIcon = () => (
  <Icon>
    <rect {...stroke} x="2" y="7" width="20" height="10" rx="2" />
  </Icon>
);

interface VolumeProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  volume: number;
  muted: boolean;
}

/** A native range input: arrow keys, Home/End and screen readers work as they do everywhere. */
export function VolumeSlider({ videoRef, volume, muted }: VolumeProps) {
  const { t } = useTranslation();
  const value = muted ? 0 : volume;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const video = videoRef.current;
    if (!video) return;
    const next = Number(event.target.value);
    video.volume = next;
    video.muted = next === 0;
  };
  return (
    <input
      type="range"
      className="player__volume"
      min={0}
      max={1}
      step={0.05}
      value={value}
      onChange={onChange}
      aria-label={t('player.volume')}
      aria-valuetext={t('player.volume_value', { percent: Math.round(value * 100) })}
      data-testid="player-volume"
    />
  );
}

interface EndProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  related: readonly VideoCard[];
  /** What the countdown opens instead of the first related video (a playlist's next item). */
  next: VideoCard | null;
  /** Whether the countdown may run (not in embed mode; the hook also skips phones). */
  autoplayNext: boolean;
  moreHref?: string;
}

/** The end screen with its next-video countdown: mounted only once the video has ended. */
export function PlayerEnd({ videoRef, related, next, autoplayNext, moreHref }: EndProps) {
  const list = next ? [next, ...related.filter((v) => v.id !== next.id)] : related;
  const autoplay = useNextAutoplay(true, autoplayNext, list[0]?.url ?? null);
  const replay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.currentTime = 0;
    video.play().catch((error: unknown) => console.error('[player] play() was refused', error));
  }, [videoRef]);
  return <EndScreen related={list} autoplay={autoplay} onReplay={replay} moreHref={moreHref} />;
}

interface Level {
  index: number;
  height: number;
}

interface Levels {
  levels: Level[];
  /** The level playing now (-1 before the first). */
  current: number;
  /** The level chosen by the viewer, or -1 for Auto: the radios show the choice at once. */
  chosen: number;
}

/** hls.js's ladder, highest first, the level playing now and the viewer's choice; and how to choose. */
function useLevels(hls: Hls | null): [Levels, (index: number) => void] {
  const [state, setState] = useState<Levels>({ levels: [], current: -1, chosen: -1 });
  const sync = useCallback(() => {
    if (!hls) return;
    // With an AV1 set beside H.264 (ADR 0038) hls.js plays one codec; the menu offers that one's rungs.
    const codec = (index: number) => hls.levels[index]?.videoCodec?.slice(0, 4);
    const playing = codec(hls.currentLevel >= 0 ? hls.currentLevel : hls.loadLevel);
    setState({
      levels: hls.levels
        .map((level, index) => ({ index, height: level.height }))
        .filter((level) => level.height > 0 && (!playing || codec(level.index) === playing))
        .sort((a, b) => b.height - a.height),
      current: hls.currentLevel,
      chosen: hls.manualLevel,
    });
  }, [hls]);
  useEffect(() => {
    if (!hls) return;
    sync();
    // Event names as strings: the enum would pull hls.js's code into this chunk.
    for (const name of LEVEL_EVENTS) hls.on(name as Events.LEVEL_SWITCHED, sync);
    return () => {
      for (const name of LEVEL_EVENTS) hls.off(name as Events.LEVEL_SWITCHED, sync);
    };
  }, [hls, sync]);
  const choose = useCallback(
    (index: number) => {
      if (!hls) return;
      // currentLevel switches now (dropping the buffer ahead); -1 gives the choice back to hls.js.
      hls.currentLevel = index;
      sync();
    },
    [hls, sync],
  );
  return [state, choose];
}

function useVideoEvent<T>(
  videoRef: RefObject<HTMLVideoElement | null>,
  events: readonly string[],
  read: (video: HTMLVideoElement) => T,
  initial: T,
): T {
  const [value, setValue] = useState(initial);
  const readRef = useRef(read);
  readRef.current = read;
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const sync = () => setValue(readRef.current(video));
    sync();
    for (const name of events) video.addEventListener(name, sync);
    return () => {
      for (const name of events) video.removeEventListener(name, sync);
    };
  }, [videoRef, events]);
  return value;
}

const RATE_EVENTS = ['ratechange'] as const;
const PIP_EVENTS = ['enterpictureinpicture', 'leavepictureinpicture'] as const;
const TRACK_EVENTS = ['loadedmetadata', 'play'] as const;
const CAPTIONS_KEY = 'player_captions';

const captionTrack = (video: HTMLVideoElement): TextTrack | null => {
  for (const track of Array.from(video.textTracks)) {
    if (track.kind === 'subtitles' || track.kind === 'captions') return track;
  }
  return null;
};

const THEATRE_KEY = 'player_theatre';

/**
 * Theatre mode, remembered in this browser. The remembered choice applies when playback starts, where
 * the poster gives way to the picture anyway, not while the visitor points at play.
 */
function useTheatre(theatre: [boolean, (on: boolean) => void] | null, attached: boolean) {
  const set = theatre?.[1];
  useEffect(() => {
    if (!set || !attached) return;
    try {
      if (window.localStorage.getItem(THEATRE_KEY) === '1') set(true);
    } catch {}
  }, [set, attached]);
  return () => {
    if (!theatre) return;
    const next = !theatre[0];
    theatre[1](next);
    try {
      window.localStorage.setItem(THEATRE_KEY, next ? '1' : '0');
    } catch {}
  };
}

export interface MenusProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  hls: Hls | null;
  /** Whether the video has a captions track (rendered as <track> once the stream is attached). */
  hasCaptions: boolean;
  attached: boolean;
  theatre: [boolean, (on: boolean) => void] | null;
  /** Resume: this video, the viewer, and how to move the start point before the stream is attached. */
  videoId: number | null;
  signedIn: boolean;
  durationSec: number;
  onStartAt: (seconds: number) => void;
}

/** Captions, settings, picture-in-picture and theatre buttons, at the end of the control bar. */
export function PlayerMenus({
  videoRef,
  hls,
  hasCaptions,
  attached,
  theatre,
  videoId,
  signedIn,
  durationSec,
  onStartAt,
}: MenusProps) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [levels, chooseLevel] = useLevels(hls);
  const rate = useVideoEvent(videoRef, RATE_EVENTS, (v) => v.playbackRate, 1);
  const inPip = useVideoEvent(videoRef, PIP_EVENTS, () => document.pictureInPictureElement !== null, false);
  const [captionsOn, setCaptionsOn] = useState(false);
  const pipSupported =
    typeof document !== 'undefined' && document.pictureInPictureEnabled === true && attached;
  useResume({ videoRef, videoId, signedIn, attached, durationSec, onStartAt });
  const toggleTheatre = useTheatre(theatre, attached);

  // Captions follow the visitor's last choice once the track exists.
  const trackReady = useVideoEvent(videoRef, TRACK_EVENTS, (v) => captionTrack(v) !== null, false);
  useEffect(() => {
    if (!trackReady) return;
    let wanted = false;
    try {
      wanted = window.localStorage.getItem(CAPTIONS_KEY) === '1';
    } catch {}
    const track = videoRef.current && captionTrack(videoRef.current);
    if (track) track.mode = wanted ? 'showing' : 'disabled';
    setCaptionsOn(wanted);
  }, [trackReady, videoRef]);

  // Cues sit above the control bar (72 px), whatever the player's height, instead of under it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the track appears with trackReady
  useEffect(() => {
    const video = videoRef.current;
    const track = video && captionTrack(video);
    if (!video || !track || !captionsOn) return;
    const place = () => {
      // Rendered cue lines are 5% of the video's height (WebVTT rendering rules); -1 is the last line.
      const lineHeight = Math.max(1, video.clientHeight * 0.05);
      const line = -(Math.ceil(72 / lineHeight) + 1);
      // All cues, before they show: Chrome does not move a cue already on screen.
      for (const cue of Array.from(track.cues ?? [])) {
        if (!(cue instanceof VTTCue) || cue.line === line) continue;
        cue.snapToLines = true;
        cue.line = line;
      }
    };
    place();
    track.addEventListener('cuechange', place);
    return () => track.removeEventListener('cuechange', place);
  }, [captionsOn, trackReady, videoRef]);

  const toggleCaptions = () => {
    const video = videoRef.current;
    const track = video && captionTrack(video);
    const next = !captionsOn;
    if (track) track.mode = next ? 'showing' : 'disabled';
    setCaptionsOn(next);
    try {
      window.localStorage.setItem(CAPTIONS_KEY, next ? '1' : '0');
    } catch {}
  };

  const togglePip = () => {
    const video = videoRef.current;
    if (!video) return;
    const done = document.pictureInPictureElement
      ? document.exitPictureInPicture()
      : video.requestPictureInPicture();
    done.catch((error: unknown) => console.error('[player] picture-in-picture', error));
  };

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    // Escape closes the panel and gives focus back to its button (a disclosure, APG).
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(panelRef.current?.contains(document.activeElement) ?? false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open, close]);

  const chooseRate = (value: number) => {
    const video = videoRef.current;
    if (!video) return;
    video.playbackRate = value;
    video.defaultPlaybackRate = value;
  };

  const playing = levels.levels.find((l) => l.index === levels.current);
  const autoLabel = playing
    ? t('player.quality_auto_level', { level: `${playing.height}p` })
    : t('player.quality_auto');
  const chosen = levels.levels.find((l) => l.index === levels.chosen);
  const qualityName = chosen ? `${chosen.height}p` : autoLabel;

  return (
    <>
      {hasCaptions && (
        <button
          type="button"
          className={`player__button${captionsOn ? ' player__button--on' : ''}`}
          aria-label={t('player.captions')}
          aria-pressed={captionsOn}
          onClick={toggleCaptions}
          data-testid="player-captions"
        >
          <CaptionsIcon />
        </button>
      )}
      <div className="player__menu">
        <button
          ref={buttonRef}
          type="button"
          className="player__button"
          aria-label={t('player.settings_label', { quality: qualityName, speed: `${rate}×` })}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          data-testid="player-settings"
        >
          <SettingsIcon />
        </button>
        <div
          ref={panelRef}
          id={panelId}
          className="player__panel"
          hidden={!open}
          data-player-panel=""
          data-testid="player-panel"
        >
          {levels.levels.length > 0 && (
            <fieldset className="player__choices">
              <legend>{t('player.quality')}</legend>
              <label>
                <input
                  type="radio"
                  name={`${panelId}-q`}
                  checked={levels.chosen === -1}
                  onChange={() => chooseLevel(-1)}
                  data-testid="quality-auto"
                />
                {autoLabel}
              </label>
              {levels.levels.map((level) => (
                <label key={level.index}>
                  <input
                    type="radio"
                    name={`${panelId}-q`}
                    checked={levels.chosen === level.index}
                    onChange={() => chooseLevel(level.index)}
                    data-testid="quality-option"
                    value={level.height}
                  />
                  {`${level.height}p`}
                  {level.height >= 720 && <span className="player__hd"> HD</span>}
                </label>
              ))}
            </fieldset>
          )}
          <fieldset className="player__choices">
            <legend>{t('player.speed')}</legend>
            {SPEEDS.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name={`${panelId}-s`}
                  checked={rate === value}
                  onChange={() => chooseRate(value)}
                  data-testid="speed-option"
                  value={value}
                />
                {value === 1 ? t('player.speed_normal') : `${value}×`}
              </label>
            ))}
          </fieldset>
        </div>
      </div>
      {pipSupported && (
        <button
          type="button"
          className="player__button"
          aria-label={inPip ? t('player.pip_exit') : t('player.pip')}
          aria-pressed={inPip}
          onClick={togglePip}
          data-testid="player-pip"
        >
          <PipIcon />
        </button>
      )}
      {theatre && (
        <button
          type="button"
          className={`player__button player__button--theatre${theatre[0] ? ' player__button--on' : ''}`}
          aria-label={t('player.theatre')}
          aria-pressed={theatre[0]}
          onClick={toggleTheatre}
          data-testid="player-theatre"
        >
          <TheatreIcon />
        </button>
      )}
    </>
  );
}
