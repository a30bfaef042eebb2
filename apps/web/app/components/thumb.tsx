import { abbreviateCount, formatDuration, ratingPercent } from '@vt/i18n';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaAllowed } from '../lib/age-gate';
import type { VideoCard } from '../lib/dto';
import { srcSetOf, webpOf } from '../lib/image-variants';
import { GatedImage } from './gated-image';
import { SiteLink } from './site-link';

export const THUMB_WIDTH = 320;
export const THUMB_HEIGHT = 180;
/**
 * The width a grid column gives a thumb, as app.css lays .thumb-grid out inside the page's padding (--gap):
 * 2 columns up to 768 px, then 3, 4, and 5 up to the 1600 px page. Too wide a guess has the browser fetch the
 * 640-wide image where the 320 one is sharp (a listing on a 1,024 px tablet at 1×: 250 px cells, not 34vw).
 */
export const THUMB_SIZES =
  '(max-width: 768px) calc(50vw - 18px), (max-width: 1024px) calc(33.4vw - 21px), (max-width: 1280px) calc(25vw - 20px), (max-width: 1600px) calc(20vw - 19px), 301px';
/** The same beside a listing's 190 px category sidebar (.listing__body--sidebar, from 768 px). */
export const THUMB_SIZES_BESIDE_SIDEBAR =
  '(max-width: 767px) calc(50vw - 18px), (max-width: 768px) calc(50vw - 123px), (max-width: 1024px) calc(33.4vw - 91px), (max-width: 1280px) calc(25vw - 72px), (max-width: 1600px) calc(20vw - 61px), 259px';

/**
 * A thumb image, 320 and 640 wide, lazy (most thumbs are below the fold; the browser still loads those near
 * the viewport at once). The width candidates are the WebP stored beside each JPEG, and `src` the JPEG for a
 * browser without srcset: one element instead of a <picture> with a <source>, two fewer of a listing's
 * elements to write, parse and hydrate per thumb and one `sizes` less (docs/decisions/0052-lean-thumbs.md).
 * Behind the age gate, a placeholder.
 */
export function ThumbPicture({
  src,
  src2x,
  alt,
  sizes = THUMB_SIZES,
}: {
  src: string;
  src2x?: string;
  alt: string;
  sizes?: string;
}) {
  const webp = webpOf(src);
  const srcSet = webp
    ? srcSetOf([
        [webp, THUMB_WIDTH],
        [webpOf(src2x), THUMB_WIDTH * 2],
      ])
    : src2x
      ? srcSetOf([
          [src, THUMB_WIDTH],
          [src2x, THUMB_WIDTH * 2],
        ])
      : undefined;
  return (
    <GatedImage
      className="thumb__image"
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      loading="lazy"
      decoding="async"
      alt={alt}
    />
  );
}

/**
 * Memoised: a page re-renders under its grid whenever the router's state changes (a move's pending state,
 * route discovery), and a listing's 60 thumbs were most of that work while their props stay the same.
 */
export const Thumb = memo(function Thumb({ video, sizes }: { video: VideoCard; sizes?: string }) {
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
            <ThumbPicture
              src={video.thumb}
              src2x={video.thumb2x || undefined}
              alt={video.title}
              sizes={sizes}
            />
          ) : (
            <span className="thumb__image thumb__image--empty" />
          )}
          <span className="badge badge--duration">
            <span className="visually-hidden">{`${t('thumb.duration')} `}</span>
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
});
