import { abbreviateCount, formatDuration, ratingPercent } from '@vt/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMediaAllowed } from '../lib/age-gate';
import type { VideoThumb } from '../lib/dto';
import { GatedImage } from './gated-image';

export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;

export function Thumb({ video }: { video: VideoThumb }) {
  const { t } = useTranslation();
  // The preview clip loads only once someone points at (or touches) the thumbnail.
  const [previewing, setPreviewing] = useState(false);
  const mediaAllowed = useMediaAllowed();
  return (
    <article className="thumb" data-testid="thumb">
      <Link
        to={video.url}
        className="thumb__link"
        prefetch="intent"
        onPointerEnter={() => setPreviewing(true)}
        onPointerLeave={() => setPreviewing(false)}
        onTouchStart={() => setPreviewing(true)}
      >
        <div className="thumb__media">
          {video.thumb ? (
            <GatedImage
              className="thumb__image"
              src={video.thumb}
              srcSet={video.thumb2x ? `${video.thumb2x} 2x` : undefined}
              width={THUMB_WIDTH}
              height={THUMB_HEIGHT}
              loading="lazy"
              decoding="async"
              alt={video.title}
            />
          ) : (
            <span className="thumb__image thumb__image--empty" />
          )}
          <span className="badge badge--duration">
            <span className="visually-hidden">{t('thumb.duration')} </span>
            {formatDuration(video.durationSec)}
          </span>
          {video.isHd && <span className="badge badge--hd">{t('thumb.hd')}</span>}
          {previewing && mediaAllowed && video.preview && (
            <video
              className="thumb__preview"
              src={video.preview}
              muted
              loop
              autoPlay
              playsInline
              preload="auto"
              aria-hidden="true"
              data-testid="thumb-preview"
              onError={() => setPreviewing(false)}
            />
          )}
        </div>
        <h3 className="thumb__title">{video.title}</h3>
      </Link>
      <p className="thumb__stats">
        <span className="thumb__rating">{t('thumb.rating', { percent: ratingPercent(video.rating) })}</span>
        <span className="thumb__views">{t('thumb.views', { value: abbreviateCount(video.views) })}</span>
      </p>
    </article>
  );
}
