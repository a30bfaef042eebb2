import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DESCRIPTION_CLAMP_PX } from '../lib/video-extras-constants';

/**
 * The video description, clamped to one line with a More/Less toggle when its full rendered height
 * is over DESCRIPTION_CLAMP_PX (spec §9). It is rendered clamped on the server so the page does not
 * jump; the toggle appears once the browser has measured the text.
 */
export function VideoDescription({ text }: { text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const [overflows, setOverflows] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // scrollHeight is the height of the whole text, clamped or not.
    const measure = () => setOverflows(el.scrollHeight > DESCRIPTION_CLAMP_PX + 1);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  const clamped = !expanded;
  return (
    <section className="video-details__description video-description" aria-label={t('video.description')}>
      <p
        ref={ref}
        id={id}
        className={`video-description__text${clamped ? ' video-description__text--clamped' : ''}`}
        data-testid="video-description"
      >
        {text}
      </p>
      {overflows && (
        <button
          type="button"
          className="video-description__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? t('video.description_less') : t('video.description_more')}
        </button>
      )}
    </section>
  );
}
