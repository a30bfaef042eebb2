import { abbreviateCount, formatDuration, ratingPercent } from '@vt/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaAllowed } from '../lib/age-gate';
import type { VideoCard } from '../lib/dto';
import { srcSetOf, webpOf } from '../lib/image-variants';
import { GatedImage } from './gated-image';
import { SiteLink } from './site-link';

export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;
/** The width a grid column gives a thumb (.thumb-grid: 2, 3, 4, then 5 columns up to 1600 px). */
const THUMB_SIZES = '(max-width: 768px) 50vw, (max-width: 1024px) 34vw, (max-width: 1280px) 25vw, 320px';

/**
 * A thumb image: WebP with the JPEG as fallback, 320 and 640 wide, lazy (most thumbs are below the
 * fold; the browser still loads those near the viewport at once). Behind the age gate, a placeholder.
 */
export function ThumbPicture({ src, src2x, alt }: { src: string; src2x?: string; alt: string }) {
  const allowed = useMediaAllowed();
  const img = (
    <GatedImage
      className="thumb__image"
      src={src}
      srcSet={
        src2x
          ? srcSetOf([
              [src, THUMB_WIDTH],
              [src2x, THUMB_WIDTH * 2],
            ])
          : undefined
      }
      sizes={src2x ? THUMB_SIZES : undefined}
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      loading="lazy"
      decoding="async"
      alt={alt}
    />
  );
  const webp = webpOf(src);
  if (!allowed || !webp) return img;
  return (
    <picture className="thumb__picture">
      <source
        type="image/webp"
        srcSet={srcSetOf([
          [webp, THUMB_WIDTH],
          [webpOf(src2x), THUMB_WIDTH * 2],
        ])}
        sizes={THUMB_SIZES}
      />
      {img}
    </picture>
  );
}

export function Thumb({ video }: { video: VideoCard }) {
  const { t } = useTranslation();
  // The preview clip loads only once a mouse or pen rests on the thumbnail: a finger scrolling a
  // listing on a phone touches many thumbs and would download a clip for each (issue 18).
  const [previewing, setPreviewing] = useState(false);
  const mediaAllowed = useMediaAllowed();
  return (
    <article className="thumb" data-testid="thumb">
      <SiteLink
        to={video.url}
        className="thumb__link"
        intent
        onPointerEnter={(event) => setPreviewing(event.pointerType !== 'touch')}
        onPointerLeave={() => setPreviewing(false)}
      >
        <div className="thumb__media">
          {video.thumb ? (
            <ThumbPicture src={video.thumb} src2x={video.thumb2x || undefined} alt={video.title} />
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
              tabIndex={-1}
              data-testid="thumb-preview"
              onError={() => setPreviewing(false)}
            />
          )}
        </div>
        <h3 className="thumb__title">{video.title}</h3>
      </SiteLink>
      <p className="thumb__stats">
        <span className="thumb__rating">{t('thumb.rating', { percent: ratingPercent(video.rating) })}</span>
        <span className="thumb__views">{t('thumb.views', { value: abbreviateCount(video.views) })}</span>
      </p>
    </article>
  );
}
