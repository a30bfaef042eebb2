import { formatDuration } from '@vt/i18n';
import { type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeekPreview } from './seek-preview';
import { findCue, type TimelineCue } from './timeline-vtt';
import { useWebpSupport } from './webp-support';

interface SeekBarProps {
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  cues: readonly TimelineCue[];
  onSeek: (time: number) => void;
  /** The first pointer or focus on the bar: time to fetch the sprite cues. */
  onIntent?: () => void;
}

interface Hover {
  time: number;
  left: number;
}

const PREVIEW_FALLBACK_WIDTH = 64;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A custom slider: click or drag to seek; hovering shows the sprite preview for that time. */
export function SeekBar({ currentTime, duration, bufferedEnd, cues, onSeek, onIntent }: SeekBarProps) {
  const { t } = useTranslation();
  const [hover, setHover] = useState<Hover | null>(null);
  const [dragging, setDragging] = useState(false);
  const webp = useWebpSupport();

  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = clamp(event.clientX - rect.left, 0, rect.width);
    const time = rect.width > 0 ? (x / rect.width) * duration : 0;
    const cue = findCue(cues, time);
    const half = (cue?.w ?? PREVIEW_FALLBACK_WIDTH) / 2;
    // Keep the preview inside the bar near both ends.
    const left = rect.width > half * 2 ? clamp(x, half, rect.width - half) : rect.width / 2;
    return { time, left };
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || duration <= 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
    onSeek(pointAt(event).time);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (duration <= 0) return;
    const point = pointAt(event);
    setHover(point);
    if (dragging) onSeek(point.time);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    setDragging(false);
  };

  const played = duration > 0 ? clamp(currentTime / duration, 0, 1) : 0;
  const buffered = duration > 0 ? clamp(bufferedEnd / duration, 0, 1) : 0;
  const valueText = t('player.time', {
    current: formatDuration(currentTime),
    duration: formatDuration(duration),
  });

  return (
    <div
      className="seek-bar"
      data-testid="seek-bar"
      role="slider"
      tabIndex={0}
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={valueText}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onPointerLeave={() => setHover(null)}
      onPointerEnter={onIntent}
      onFocus={onIntent}
    >
      <div className="seek-bar__track">
        <div className="seek-bar__buffered" style={{ transform: `scaleX(${buffered})` }} />
        <div className="seek-bar__played" style={{ transform: `scaleX(${played})` }} />
        <div className="seek-bar__thumb" style={{ left: `${played * 100}%` }} />
      </div>
      {hover && (
        <SeekPreview time={hover.time} left={hover.left} cue={findCue(cues, hover.time)} webp={webp} />
      )}
    </div>
  );
}
