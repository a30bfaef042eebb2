import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoCard } from '../../lib/dto';
import { END_SCREEN_COUNT } from '../../lib/player-constants';
import { GatedImage } from '../gated-image';
import type { NextAutoplay } from './use-next-autoplay';

interface EndScreenProps {
  related: readonly VideoCard[];
  autoplay: NextAutoplay;
  onReplay: () => void;
  /** Embed mode: one link to the full site, opened in a new tab. */
  moreHref?: string;
}

/** Shown over the picture when the video has ended: the related videos and the next-video countdown. */
export function EndScreen({ related, autoplay, onReplay, moreHref }: EndScreenProps) {
  const { t } = useTranslation();
  const items = related.slice(0, END_SCREEN_COUNT);
  return (
    <div className="end-screen" data-testid="end-screen">
      {autoplay.secondsLeft !== null && (
        <div className="end-screen__next" role="status" data-testid="autoplay-countdown">
          <span>{t('video.autoplay_next', { seconds: autoplay.secondsLeft })}</span>
          <button type="button" className="button" onClick={autoplay.playNow}>
            {t('video.autoplay_now')}
          </button>
          <button type="button" className="end-screen__cancel" onClick={autoplay.cancel}>
            {t('video.autoplay_cancel')}
          </button>
        </div>
      )}
      {items.length > 0 && (
        <ul className="end-screen__list" aria-label={t('video.end_screen')}>
          {items.map((video) => (
            <li key={video.id}>
              <Link to={video.url} className="end-screen__item" data-testid="end-screen-item">
                {video.thumb ? (
                  <GatedImage
                    src={video.thumb}
                    alt=""
                    width={160}
                    height={90}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="end-screen__blank" />
                )}
                <span className="end-screen__title">{video.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="end-screen__actions">
        <button type="button" className="end-screen__replay" onClick={onReplay}>
          {t('video.replay')}
        </button>
        {moreHref && (
          <a className="end-screen__more" href={moreHref} target="_blank" rel="noopener">
            {t('embed.more', { site: t('site.name') })}
          </a>
        )}
      </div>
    </div>
  );
}
