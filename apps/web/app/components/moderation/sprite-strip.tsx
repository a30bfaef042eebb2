import { formatDuration } from '@vt/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineCue } from '../player/timeline-vtt';
import { useTimelineCues } from '../player/use-timeline-cues';

const TILES = 8;
/** Strip tiles are 160×90 sprites at 55 %: eight fill a 720-pixel player's width. */
const STRIP_SCALE = 0.55;

/**
 * A quick look at a whole video: eight frames across, and scrubbing the strip shows the frame under the
 * pointer. A click seeks the inline player there.
 */
export function SpriteStrip({
  vttUrl,
  durationSec,
  onSeek,
}: {
  vttUrl: string;
  durationSec: number;
  onSeek: (seconds: number) => void;
}) {
  const { t } = useTranslation();
  const cues = useTimelineCues(vttUrl);
  const [scrub, setScrub] = useState<{ cue: TimelineCue; time: number } | null>(null);
  if (cues.length === 0) return null;
  const end = durationSec || cues[cues.length - 1].end;
  const cueAt = (time: number) => cues.find((c) => time >= c.start && time < c.end) ?? cues[cues.length - 1];
  const timeAt = (event: { clientX: number; currentTarget: Element }) => {
    const box = event.currentTarget.getBoundingClientRect();
    return Math.min(end, Math.max(0, ((event.clientX - box.left) / box.width) * end));
  };
  const count = Math.min(TILES, cues.length);
  const tiles = [...new Set(Array.from({ length: count }, (_, i) => cueAt(((i + 0.5) / count) * end)))];
  return (
    <div className="sprite-strip" data-testid="sprite-strip">
      <button
        type="button"
        className="sprite-strip__tiles"
        aria-label={t('moderation.queue.strip')}
        onPointerMove={(e) => {
          const time = timeAt(e);
          setScrub({ time, cue: cueAt(time) });
        }}
        onPointerLeave={() => setScrub(null)}
        onClick={(e) => onSeek(timeAt(e))}
      >
        {tiles.map((cue) => (
          <span
            key={cue.start}
            className="sprite-strip__cell"
            style={{ width: cue.w * STRIP_SCALE, height: cue.h * STRIP_SCALE }}
          >
            <Frame cue={cue} scale={STRIP_SCALE} />
          </span>
        ))}
      </button>
      {scrub && (
        <div className="sprite-strip__preview" data-testid="sprite-strip-preview">
          <Frame cue={scrub.cue} />
          <span>{formatDuration(scrub.time)}</span>
        </div>
      )}
    </div>
  );
}

function Frame({ cue, scale = 1 }: { cue: TimelineCue; scale?: number }) {
  return (
    <span
      className="sprite-strip__frame"
      style={{
        transform: scale === 1 ? undefined : `scale(${scale})`,
        width: cue.w,
        height: cue.h,
        backgroundImage: `url("${cue.url.replace(/"/g, '%22')}")`,
        backgroundPosition: `-${cue.x}px -${cue.y}px`,
      }}
    />
  );
}
