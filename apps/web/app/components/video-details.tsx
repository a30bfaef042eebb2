import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../lib/dto';
import { isoDate } from '../lib/intl';
import { SubscribeButton } from './actions/subscribe-button';
import { SiteLink } from './site-link';
import { TagLinks } from './tag-links';
import { VideoDescription } from './video-description';
import { VideoStats } from './video-stats';
import { VersionOf } from './video-versions';

/** Everything under the player: title, date (formatted by the loader), uploader, stats, tags and description. */
export function VideoDetails({ video, postedOn }: { video: VideoDetail; postedOn: string }) {
  const { t } = useTranslation();
  return (
    <div className="video-details">
      <h1 className="video-details__title">{video.title}</h1>
      <VersionOf video={video} />
      <div className="video-details__meta">
        <time dateTime={isoDate(video.postDate)}>{t('video.posted', { date: postedOn })}</time>
        {video.uploader && (
          <span className="video-details__uploader">
            {t('video.uploader')}{' '}
            <SiteLink to={`/members/${video.uploader.id}/`} data-testid="video-uploader">
              <strong>{video.uploader.name}</strong>
            </SiteLink>
          </span>
        )}
        {video.channel && (
          <span className="video-details__channel" data-testid="video-channel">
            {t('channel.label')}{' '}
            <SiteLink to={`/channel/${video.channel.dir}/`}>
              <strong>{video.channel.title}</strong>
            </SiteLink>
            {video.state === 'active' && <SubscribeButton section="channel" objectId={video.channel.id} />}
          </span>
        )}
      </div>
      <VideoStats video={video} />
      <TagLinks
        label={t('video.models')}
        items={video.models}
        href={(dir) => `/model/${dir}/`}
        variant="model"
      />
      <TagLinks
        label={t('video.categories')}
        items={video.categories}
        href={(dir) => `/categories/${dir}/`}
      />
      {video.description && <VideoDescription text={video.description} />}
    </div>
  );
}
