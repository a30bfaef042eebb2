import { formatDuration } from '@vt/i18n';
import type { TimelineCue } from './timeline-vtt';

interface SeekPreviewProps {
  time: number;
  /** Horizontal centre of the preview, in px from the seek bar's left edge. */
  left: number;
  cue: TimelineCue | null;
}

/** The sprite frame and time label above the hovered point of the seek bar. */
export function SeekPreview({ time, left, cue }: SeekPreviewProps) {
  return (
    <div className="seek-preview" data-testid="seek-preview" style={{ left }} aria-hidden="true">
      {cue && (
        <div
          className="seek-preview__frame"
          data-sprite
          style={{
            width: cue.w,
            height: cue.h,
            backgroundImage: `url("${cue.url.replace(/"/g, '%22')}")`,
            backgroundPosition: `-${cue.x}px -${cue.y}px`,
          }}
        />
      )}
      <span className="seek-preview__time">{formatDuration(time)}</span>
    </div>
  );
}
