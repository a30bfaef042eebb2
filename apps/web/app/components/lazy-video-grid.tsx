import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoCard } from '../lib/dto';
import { LAZY_BLOCK_ROOT_MARGIN } from '../lib/site-constants';
import { EmptyState } from './empty-state';
import { ThumbGrid } from './thumb-grid';
import { ThumbSkeletonGrid } from './thumb-skeleton-grid';

type LoadState = { status: 'idle' | 'loading' | 'error' } | { status: 'done'; videos: VideoCard[] };

interface LazyVideoGridProps {
  load: () => Promise<VideoCard[]>;
  placeholderCount: number;
  /** The listing that shows the same videos, linked for browsers without JavaScript. */
  fallbackHref: string;
}

/** Thumbs fetched only when the block comes within LAZY_BLOCK_ROOT_MARGIN of the viewport. */
export function LazyVideoGrid({ load, placeholderCount, fallbackHref }: LazyVideoGridProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>({ status: 'idle' });

  const fetchVideos = useCallback(() => {
    setState({ status: 'loading' });
    load()
      .then((videos) => setState({ status: 'done', videos }))
      .catch((error: unknown) => {
        console.error('[home] block failed to load', error);
        setState({ status: 'error' });
      });
  }, [load]);

  useEffect(() => {
    const node = ref.current;
    if (!node || state.status !== 'idle') return;
    if (typeof IntersectionObserver === 'undefined') {
      fetchVideos();
      return;
    }
    const start = () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
      fetchVideos();
    };
    // A jump (anchor, End key, restored scroll) can carry the block from below the viewport to above it
    // without ever intersecting; a block above the viewport has been passed and loads too.
    const onScroll = () => {
      if (node.getBoundingClientRect().top < window.innerHeight) start();
    };
    // The observer's first report also covers a page scrolled past the block before hydration ran this
    // effect, and it reads no layout here: a block that is not rendered (the page behind the age gate) has
    // an empty box and waits.
    const nearOrPassed = (e: IntersectionObserverEntry) =>
      e.isIntersecting || (e.rootBounds !== null && e.boundingClientRect.bottom < e.rootBounds.top);
    const observer = new IntersectionObserver((entries) => entries.some(nearOrPassed) && start(), {
      rootMargin: LAZY_BLOCK_ROOT_MARGIN,
    });
    observer.observe(node);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [state.status, fetchVideos]);

  return (
    <div ref={ref} className="lazy-grid" aria-busy={state.status === 'idle' || state.status === 'loading'}>
      {state.status === 'done' ? (
        state.videos.length > 0 ? (
          <ThumbGrid videos={state.videos} />
        ) : (
          <EmptyState>{t('listing.empty.videos')}</EmptyState>
        )
      ) : state.status === 'error' ? (
        <div className="lazy-grid__error" role="alert">
          <p>{t('home.load_error')}</p>
          <button type="button" className="button" onClick={fetchVideos}>
            {t('home.retry')}
          </button>
        </div>
      ) : (
        <>
          <noscript>
            <p className="lazy-grid__noscript">
              <a className="button" href={fallbackHref}>
                {t('home.show_block')}
              </a>
            </p>
          </noscript>
          <ThumbSkeletonGrid count={placeholderCount} still={state.status === 'idle'} />
        </>
      )}
    </div>
  );
}
