import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaAllowed } from '../lib/age-gate';
import { AD_ROOT_MARGIN, AD_SANDBOX } from '../lib/network';

interface AdFrameProps {
  /** The ad document's URL: it is served with its own sandboxing policy, not the page's. */
  src: string;
  width: number;
  height: number;
  testId?: string;
}

/**
 * One ad: its HTML in a sandboxed iframe of a fixed size, scaled down (never up) to fit a narrower place.
 * No `allow-same-origin`, so ad code runs in an opaque origin: it cannot read the member's cookies or
 * reach this page's DOM. Behind the age gate only its empty box is there: an ad is pictures like any other,
 * and an impression nobody saw is not one to count. For the same reason the iframe is made only once its
 * box comes within AD_ROOT_MARGIN of the viewport, never by the server: every iframe is a document built on
 * the page's own thread (Chromium makes even a lazy one at parse time), and the seven of a listing cost a
 * phone more main-thread time than the page's hydration. A hidden box (a banner the stylesheet drops on a
 * phone) never comes near, so it never loads.
 */
export function AdFrame({ src, width, height, testId }: AdFrameProps) {
  const { t } = useTranslation();
  const allowed = useMediaAllowed();
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AD_ROOT_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // The observer's first report gives the box's width once laid out: reading it here would force a layout
    // of the whole page in the middle of hydration. The scale is written only when it changes, and not for a
    // hidden box (width 0): each write after load restyles the ad.
    let scale = 1;
    const observer = new ResizeObserver(([entry]) => {
      const boxWidth = entry?.contentRect.width ?? 0;
      const next = Math.min(1, boxWidth / width);
      if (boxWidth === 0 || next === scale) return;
      scale = next;
      if (next === 1) el.style.removeProperty('--ad-scale');
      else el.style.setProperty('--ad-scale', String(next));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [width]);

  return (
    <div
      ref={box}
      className="ad-frame"
      style={{ width, aspectRatio: `${width} / ${height}` }}
      data-testid={testId}
    >
      {allowed && near && (
        <iframe
          className="ad-frame__iframe"
          title={t('ads.frame_title')}
          sandbox={AD_SANDBOX}
          src={src}
          width={width}
          height={height}
          referrerPolicy="no-referrer"
        />
      )}
    </div>
  );
}
