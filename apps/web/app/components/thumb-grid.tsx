import { useTranslation } from 'react-i18next';
import type { VideoThumb } from '../lib/dto';
import { Thumb } from './thumb';

/** Video thumbs in a grid; with `onRemove` (the member's own lists) each thumb gets a remove button. */
export function ThumbGrid({
  videos,
  label,
  onRemove,
}: {
  videos: readonly VideoThumb[];
  label?: string;
  onRemove?: (video: VideoThumb) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="thumb-grid" aria-label={label}>
      {videos.map((video) => (
        <li key={video.id} className={onRemove ? 'thumb-grid__removable' : undefined}>
          <Thumb video={video} />
          {onRemove && (
            <button
              type="button"
              className="thumb-remove"
              aria-label={t('actions.remove_from', { title: video.title })}
              onClick={() => onRemove(video)}
              data-testid="thumb-remove"
            >
              {t('actions.remove')}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
