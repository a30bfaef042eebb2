import { formatDuration } from '@vt/i18n';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';

interface PartnerVideo {
  title: string;
  url: string;
  thumb: string;
  duration?: number;
}

/** Feed files come from partners: keep only well-formed items with http(s) links. */
function partnerVideos(body: unknown): PartnerVideo[] {
  const list = Array.isArray(body) ? body : ((body as { videos?: unknown })?.videos ?? []);
  if (!Array.isArray(list)) return [];
  return list.filter(
    (v): v is PartnerVideo =>
      typeof v?.title === 'string' &&
      typeof v.url === 'string' &&
      /^https?:\/\//.test(v.url) &&
      typeof v.thumb === 'string' &&
      (v.duration === undefined || typeof v.duration === 'number'),
  );
}

/** `count` items in random order (Fisher–Yates on a copy). */
export function pickRandom<T>(items: readonly T[], count: number, random = Math.random): T[] {
  const copy = items.slice();
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

/**
 * The partner slider (spec §9: 17 random items) from `/static/tf/videos.{key}.json`. Loaded and shuffled
 * in the browser, so every view shows another pick and server and client markup agree.
 */
export function PartnerSlider() {
  const { t } = useTranslation();
  const slider = useRootData().network.partnerSlider;
  const [items, setItems] = useState<PartnerVideo[]>([]);
  const list = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const listId = useId();

  const key = slider?.key;
  const count = slider?.count ?? 0;
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    fetch(`/static/tf/videos.${key}.json`, { signal: controller.signal })
      .then((res) => (res.ok ? res.json() : []))
      .then((body: unknown) => setItems(pickRandom(partnerVideos(body), count)))
      // The slider is an extra: without a feed the page simply goes without it.
      .catch(() => {});
    return () => controller.abort();
  }, [key, count]);

  if (!slider || items.length === 0) return null;
  const scroll = (direction: 1 | -1) =>
    list.current?.scrollBy({ left: direction * list.current.clientWidth * 0.9, behavior: 'smooth' });

  return (
    <section className="partner-slider" aria-labelledby={titleId} data-testid="partner-slider">
      <div className="partner-slider__head">
        <h2 id={titleId} className="section-title">
          {t('partners.slider_title')}
        </h2>
        <div className="partner-slider__controls">
          <button
            type="button"
            className="partner-slider__button"
            aria-controls={listId}
            aria-label={t('partners.previous')}
            onClick={() => scroll(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="partner-slider__button"
            aria-controls={listId}
            aria-label={t('partners.next')}
            onClick={() => scroll(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      <ul id={listId} ref={list} className="partner-slider__list">
        {items.map((item) => (
          <li key={item.url} className="partner-slider__item" data-testid="partner-item">
            <a
              href={item.url}
              target="_blank"
              rel="sponsored noopener noreferrer"
              className="partner-slider__link"
            >
              <span className="partner-slider__media">
                <img src={item.thumb} alt="" width={320} height={180} loading="lazy" decoding="async" />
                {item.duration !== undefined && (
                  <span className="badge badge--duration">{formatDuration(item.duration)}</span>
                )}
              </span>
              <span className="partner-slider__title">{item.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
