import { abbreviateCount, ratingPercent } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../lib/dto';

/** Views and rating, with the like/dislike split as a bar. */
export function VideoStats({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const percent = ratingPercent(video.rating);
  return (
    <div className="video-stats">
      <span className="video-stats__views">{t('video.views', { value: abbreviateCount(video.views) })}</span>
      <div className="video-stats__rating">
        <span className="video-stats__percent">
          <span className="visually-hidden">{t('video.rating')} </span>
          {t('video.rating_value', { percent })}
        </span>
        <div className="rating-bar" aria-hidden="true">
          <div className="rating-bar__fill" style={{ width: `${percent}%` }} />
        </div>
        <span className="video-stats__votes">
          <span className="video-stats__likes">
            {t('video.likes', { value: abbreviateCount(video.likes) })}
          </span>
          <span className="video-stats__dislikes">
            {t('video.dislikes', { value: abbreviateCount(video.dislikes) })}
          </span>
        </span>
      </div>
    </div>
  );
}
