import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoCard } from '../lib/dto';
import type { PageNetwork } from '../lib/network';
import { ListingAd } from './ad-zones';
import { Thumb } from './thumb';

/**
 * Video thumbs in a grid; with `onRemove` (the member's own lists) each thumb gets a remove button; with
 * `ads` (listing slots) an ad takes a thumb's place after every `ads.every` thumbs.
 */
export function ThumbGrid({
  videos,
  label,
  onRemove,
  tools,
  ads,
  below,
  sizes,
}: {
  videos: readonly VideoCard[];
  label?: string;
  onRemove?: (video: VideoCard) => void;
  /** Controls under each thumb (the owner's Edit and Delete on their uploads tab). */
  tools?: (video: VideoCard) => ReactNode;
  ads?: PageNetwork['ads']['listing'];
  /** Owner controls under each thumb (the playlist page's move buttons). */
  below?: (video: VideoCard, index: number) => ReactNode;
  /** The images' `sizes` where the grid is narrower than the page (thumb.tsx). */
  sizes?: string;
}) {
  const { t } = useTranslation();
  return (
    <ul className="thumb-grid" aria-label={label}>
      {videos.map((video, i) => (
        <Fragment key={video.id}>
          <li className={onRemove ? 'thumb-grid__removable' : undefined}>
            <Thumb video={video} sizes={sizes} />
            {tools?.(video)}
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
            {below?.(video, i)}
          </li>
          {ads && (i + 1) % ads.every === 0 && i + 1 < videos.length && (
            <li className="thumb-grid__ad">
              <ListingAd src={ads.src[((i + 1) / ads.every - 1) % ads.src.length]} />
            </li>
          )}
        </Fragment>
      ))}
    </ul>
  );
}
