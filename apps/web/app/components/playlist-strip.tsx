import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../lib/api-client';
import type { VideoCard } from '../lib/dto';
import { PLAYLIST_PAGE_SIZE } from '../lib/site-constants';
import { GatedImage } from './gated-image';
import { SiteLink } from './site-link';

export interface PlaylistStripData {
  id: number;
  title: string;
  page: number;
  pages: number;
  items: VideoCard[];
  /** The item after the current video (its URL keeps the playlist); null at the end of the playlist. */
  next: VideoCard | null;
}

type Loaded = { page: number; items: VideoCard[] }[];

/** Prepending moves what the visitor looks at: keeps the same item in view. */
function keepScrollOnPrepend(node: HTMLOListElement | null) {
  if (!node) return null;
  const fromEnd = node.scrollWidth - node.scrollLeft;
  return () =>
    requestAnimationFrame(() => {
      node.scrollLeft = node.scrollWidth - fromEnd;
    });
}

/**
 * The playlist beside a video (`?playlist=&pl_page=`): 8 thumbs in view at a time; the previous and next
 * pages of the playlist load when the strip's ends scroll into view.
 */
export function PlaylistStrip({ strip, currentId }: { strip: PlaylistStripData; currentId: number }) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>([{ page: strip.page, items: strip.items }]);
  const busy = useRef(false);
  const list = useRef<HTMLOListElement>(null);
  const head = useRef<HTMLLIElement>(null);
  const tail = useRef<HTMLLIElement>(null);
  const first = loaded[0].page;
  const last = loaded[loaded.length - 1].page;

  useEffect(() => setLoaded([{ page: strip.page, items: strip.items }]), [strip]);

  const load = useCallback(
    async (page: number, where: 'before' | 'after') => {
      if (busy.current || page < 1 || page > strip.pages) return;
      busy.current = true;
      try {
        const r = await apiClient().playlists.page.query({ id: strip.id, page, count: PLAYLIST_PAGE_SIZE });
        const restore = where === 'before' ? keepScrollOnPrepend(list.current) : null;
        setLoaded((prev) =>
          where === 'before'
            ? [{ page, items: r.videos.items }, ...prev]
            : [...prev, { page, items: r.videos.items }],
        );
        restore?.();
      } finally {
        busy.current = false;
      }
    },
    [strip.id, strip.pages],
  );

  useEffect(() => {
    const root = list.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          if (e.target === head.current) void load(first - 1, 'before');
          if (e.target === tail.current) void load(last + 1, 'after');
        }
      },
      { root, rootMargin: '0px 200px' },
    );
    if (head.current) observer.observe(head.current);
    if (tail.current) observer.observe(tail.current);
    return () => observer.disconnect();
  }, [first, last, load]);

  // The current video in view, on arrival and each time the playlist goes on to its next item. Once the
  // strip is laid out (the observer's first report): not behind the age gate, where it is not rendered, and
  // without forcing a layout of the page during hydration.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the current video changes
  useEffect(() => {
    const root = list.current;
    if (!root) return;
    const observer = new ResizeObserver(([entry]) => {
      const current = root.querySelector<HTMLElement>('[aria-current="true"]');
      if (!entry || entry.contentRect.width === 0 || !current) return;
      observer.disconnect();
      root.scrollLeft = current.offsetLeft - root.offsetLeft;
    });
    observer.observe(root);
    return () => observer.disconnect();
  }, [currentId]);

  const items = loaded.flatMap((p) => p.items.map((v) => ({ v, page: p.page })));
  return (
    <section className="playlist-strip" aria-labelledby="playlist-strip-title" data-testid="playlist-strip">
      <h2 id="playlist-strip-title" className="section-title">
        <SiteLink to={`/playlist/${strip.id}/${strip.page}/`}>{strip.title}</SiteLink>
      </h2>
      <ol className="playlist-strip__list" ref={list}>
        {first > 1 && (
          // Loads the earlier page when scrolled into view; the link is for crawlers and keyboards.
          <li ref={head} className="playlist-strip__edge">
            <SiteLink className="visually-hidden" to={`/playlist/${strip.id}/${first - 1}/`} rel="prev">
              {t('pagination.prev')}
            </SiteLink>
          </li>
        )}
        {items.map(({ v, page }) => (
          <li
            key={v.id}
            className="playlist-strip__item"
            aria-current={v.id === currentId ? 'true' : undefined}
            data-testid="playlist-strip-item"
          >
            <SiteLink to={`${v.url}?playlist=${strip.id}&pl_page=${page}`} title={v.title}>
              {v.thumb ? <GatedImage src={v.thumb} alt="" loading="lazy" width={160} height={90} /> : null}
              <span className="playlist-strip__title">{v.title}</span>
            </SiteLink>
          </li>
        ))}
        {last < strip.pages && (
          <li ref={tail} className="playlist-strip__edge">
            <SiteLink className="visually-hidden" to={`/playlist/${strip.id}/${last + 1}/`} rel="next">
              {t('pagination.next')}
            </SiteLink>
          </li>
        )}
      </ol>
      <p className="visually-hidden">{t('playlist.strip_hint')}</p>
    </section>
  );
}
