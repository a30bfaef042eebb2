import { abbreviateCount } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import { SubscribeButton } from '../components/actions/subscribe-button';
import { StatList } from '../components/stat-lists';
import { channelBase } from '../lib/channels';
import { getI18n } from '../lib/i18n';
import { DEFAULT_FILTERS, filtersQuery, listingHref } from '../lib/listing-filters';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { loadChannelPage } from '../pages/channel-page.server';
import { VideoListingPage } from '../pages/video-listing-page';
import type { Route } from './+types/channel';

/** `/channel/{dir}/` and `/channel/{dir}/{sort}/{page}/`: a channel's videos with sorts and pages. */
export function loader({ context, request, params }: Route.LoaderArgs) {
  return loadChannelPage(context, request, params);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { lang, origin, orientation } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const { channel, sort, page, filters, listing } = loaderData;
  // The channel's own URL is its latest videos, page 1, unfiltered.
  const first = sort === 'latest-updates' && page === 1 && filtersQuery(filters, sort) === '';
  return pageMeta(t, {
    lang,
    orientation,
    title:
      sort === 'latest-updates'
        ? channel.title
        : t('channel.headline', { name: channel.title, sort: t(`sort.${sort}`) }),
    description: t('channel.meta_description', {
      name: channel.title,
      videos: listing?.totalCount ?? 0,
      site: t('site.name'),
    }),
    canonical: `${origin}${first ? channel.url : listingHref(sort, page, filters ?? DEFAULT_FILTERS, channelBase(channel.dir))}`,
    page,
  });
}

export default function Channel({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { channel, listing } = loaderData;
  const stats: [string, string][] = [
    [t('model.stat.videos'), abbreviateCount(listing?.totalCount ?? 0)],
    [t('model.stat.subscribers'), abbreviateCount(channel.subscribers)],
  ];
  return (
    <VideoListingPage data={loaderData} base={channelBase(channel.dir)} headline={channel.title}>
      <div className="channel-head" data-testid="channel-head">
        <p className="channel-head__label">{t('channel.label')}</p>
        <StatList stats={stats} testId="channel-stats" />
        <div className="member-actions">
          <SubscribeButton section="channel" objectId={channel.id} />
        </div>
      </div>
    </VideoListingPage>
  );
}
