import { useCallback, useEffect, useRef } from 'react';
import { preload } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useMediaAllowed } from '../lib/age-gate';
import type { AlbumPhoto } from '../lib/dto';
import { GatedImage } from './gated-image';

interface PhotoViewerProps {
  photos: readonly AlbumPhoto[];
  title: string;
  /** The open photo's index, or null when the viewer is closed. */
  index: number | null;
  onIndex: (index: number | null) => void;
}

/**
 * A modal lightbox over the photo grid: ←/→ (keys or buttons) move and wrap around, Esc or the close
 * button closes, and focus returns to the thumbnail that opened it.
 */
export function PhotoViewer({ photos, title, index, onIndex }: PhotoViewerProps) {
  const { t } = useTranslation();
  const mediaAllowed = useMediaAllowed();
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = photos.length;
  const open = index !== null && total > 0;

  const move = useCallback(
    (step: number) => {
      if (index === null) return;
      onIndex((index + step + total) % total);
    },
    [index, total, onIndex],
  );

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      opener?.focus?.();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') move(1);
      else if (e.key === 'ArrowLeft') move(-1);
      else if (e.key === 'Escape') onIndex(null);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, move, onIndex]);

  // Behind the age gate nothing loads, the neighbours' preload links included.
  if (!open || index === null || !mediaAllowed) return null;
  const photo = photos[index];
  // Preload the neighbours so arrowing through feels instant.
  preload(photos[(index + 1) % total].url, { as: 'image' });
  preload(photos[(index - 1 + total) % total].url, { as: 'image' });

  return (
    <div
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('album.viewer')}
      data-testid="photo-viewer"
    >
      <button
        type="button"
        className="photo-viewer__backdrop"
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => onIndex(null)}
      />
      <div className="photo-viewer__bar">
        <span className="photo-viewer__counter" data-testid="photo-counter" aria-live="polite">
          {t('album.counter', { n: index + 1, total })}
        </span>
        <button
          ref={closeRef}
          type="button"
          className="photo-viewer__button photo-viewer__close"
          onClick={() => onIndex(null)}
          aria-label={t('album.close')}
        >
          ×
        </button>
      </div>
      <figure className="photo-viewer__figure">
        <GatedImage
          key={photo.id}
          className="photo-viewer__image"
          src={photo.url}
          width={photo.width}
          height={photo.height}
          alt={t('album.open_photo', { n: index + 1, total })}
          data-testid="photo-viewer-image"
          data-photo-id={photo.id}
        />
        <figcaption className="visually-hidden">{title}</figcaption>
      </figure>
      {total > 1 && (
        <>
          <button
            type="button"
            className="photo-viewer__button photo-viewer__nav photo-viewer__nav--prev"
            onClick={() => move(-1)}
            aria-label={t('album.prev')}
          >
            ‹
          </button>
          <button
            type="button"
            className="photo-viewer__button photo-viewer__nav photo-viewer__nav--next"
            onClick={() => move(1)}
            aria-label={t('album.next')}
          >
            ›
          </button>
        </>
      )}
      <p className="photo-viewer__hint">{t('album.keyboard_hint')}</p>
    </div>
  );
}
