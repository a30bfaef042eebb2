import { useTranslation } from 'react-i18next';
import type { VideoCard } from '../lib/dto';
import { Thumb } from './thumb';

/** The suggestion banner strip on the video page: one labelled row of popular videos. */
export function SuggestionStrip({ videos }: { videos: readonly VideoCard[] }) {
  const { t } = useTranslation();
  if (videos.length === 0) return null;
  return (
    <section
      className="suggestion-strip"
      aria-labelledby="suggestion-strip-title"
      data-testid="suggestion-strip"
    >
      <h2 id="suggestion-strip-title" className="suggestion-strip__title">
        {t('video.suggestions')}
      </h2>
      <ul className="suggestion-strip__list">
        {videos.map((video) => (
          <li key={video.id}>
            <Thumb video={video} />
          </li>
        ))}
      </ul>
    </section>
  );
}
