import { formatDuration } from '@vt/i18n';
import type { TimelineCue } from './timeline-vtt';

interface SeekPreviewProps {
  time: number;
  /** Horizontal centre of the preview, in px from the seek bar's left edge. */
  left: number;
  cue: TimelineCue | null;
  /** The browser decodes WebP: use the sprite sheet's WebP variant. */
  webp: boolean;
}

/** The sprite frame and time label above the hovered point of the seek bar. */
export function SeekPreview({ time, left, cue, webp }: SeekPreviewProps) {
  // Sprite sheets have a WebP beside each JPEG (ADR 0021); cue URLs are absolute, so test the path.
  const sprite =
    cue && webp && /^\/thumbs\/.*\.jpe?g$/i.test(new URL(cue.url, 'http://x').pathname)
      ? `${cue.url}.webp`
      : cue?.url;
  return (
    <div className="seek-preview" data-testid="seek-preview" style={{ left }} aria-hidden="true">
      {cue && (
        <div
          className="seek-preview__frame"
          data-sprite
          style={{
            width: cue.w,
            height: cue.h,
            backgroundImage: `url("${(sprite ?? cue.url).replace(/"/g, '%22')}")`,
            backgroundPosition: `-${cue.x}px -${cue.y}px`,
          }}
        />
      )}
      <span className="seek-preview__time">{formatDuration(time)}</span>
    </div>
  );
}
