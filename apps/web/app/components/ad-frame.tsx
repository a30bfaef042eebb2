import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaAllowed } from '../lib/age-gate';
import { AD_SANDBOX } from '../lib/network';

interface AdFrameProps {
  /** The ad document's URL: it is served with its own sandboxing policy, not the page's. */
  src: string;
  width: number;
  height: number;
  testId?: string;
  lazy?: boolean;
}

/**
 * One ad: its HTML in a sandboxed iframe of a fixed size, scaled down (never up) to fit a narrower place.
 * No `allow-same-origin`, so ad code runs in an opaque origin: it cannot read the member's cookies or
 * reach this page's DOM. Behind the age gate only its empty box is there: an ad is pictures like any other,
 * and an impression nobody saw is not one to count.
 */
export function AdFrame({ src, width, height, testId, lazy = true }: AdFrameProps) {
  const { t } = useTranslation();
  const allowed = useMediaAllowed();
  const box = useRef<HTMLDivElement>(null);

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
      {allowed && (
        <iframe
          className="ad-frame__iframe"
          title={t('ads.frame_title')}
          sandbox={AD_SANDBOX}
          src={src}
          width={width}
          height={height}
          loading={lazy ? 'lazy' : undefined}
          referrerPolicy="no-referrer"
        />
      )}
    </div>
  );
}
