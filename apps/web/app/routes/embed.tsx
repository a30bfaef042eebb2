import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { VideoPlayer } from '../components/player/video-player';
import { VideoStatePanel } from '../components/video-state-panel';
import { isMissingError } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { parseId } from '../lib/route-params';
import { routeStrings, useStrings } from '../lib/use-strings';
import { useViewStat } from '../lib/use-view-stat';
import embedCss from '../styles/embed.css?url';
import type { Route } from './+types/embed';

const strings = routeStrings('watch');

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: embedCss }];

/** The root layout leaves out the header, footer and navigation for routes with this handle. */
export const handle = { bare: true, strings };

/**
 * `/embed/{video_id}/{dir}/`: the player alone, for other sites' iframes. `/embed/{id}/` and a wrong
 * dir answer 301 to the canonical path. A deleted, private or missing video shows its state inside
 * the frame instead of redirecting the frame to our 404 page.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const video =
    id === null
      ? null
      : await context.api.videos.get({ id }).catch((error: unknown) => {
          if (isMissingError(error)) return null;
          throw error;
        });
  if (!video) return data({ state: 'missing' as const, video: null, hls: null }, { status: 404 });
  const canonical = `/embed/${video.id}/${video.dir}/`;
  if (params.dir !== video.dir) throw redirect(`${canonical}${new URL(request.url).search}`, 301);
  const file = video.state === 'active' ? await context.api.videos.fileLink({ id: video.id }) : null;
  return { state: video.state, video, hls: file?.hls ?? null };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { lang, origin } = rootDataFromMatches(matches);
  const { t } = getI18n(lang);
  const video = loaderData?.video;
  return pageMeta(t, {
    lang,
    title: video && loaderData.state === 'active' ? video.title : t('video.not_found'),
    canonical: video ? `${origin}${video.url}` : undefined,
    noindex: true,
  });
}

export default function Embed({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { t } = useTranslation();
  const { state, video, hls } = loaderData;
  useViewStat(video?.id ?? 0, state === 'active' && video !== null);

  let body: ReactNode;
  if (!video || (state === 'active' && !hls)) {
    body = (
      <VideoStatePanel message={t('video.not_found')}>
        <a href="/" target="_blank" rel="noopener" className="button">
          {t('video.go_home')}
        </a>
      </VideoStatePanel>
    );
  } else if (state === 'deleted') {
    body = <VideoStatePanel message={t('video.deleted')} />;
  } else if (state === 'private') {
    body = <VideoStatePanel message={t('video.private')} />;
  } else {
    body = (
      <VideoPlayer
        key={video.id}
        src={hls!}
        poster={video.scr}
        posterSmall={video.thumb2x}
        title={video.title}
        durationSec={video.durationSec}
        timelineVtt={video.timelineVtt}
        captions={video.captions}
        moreHref={video.url}
        overlay={
          <a
            className="embed__title"
            href={video.url}
            target="_blank"
            rel="noopener"
            title={t('embed.open_full', { title: video.title, site: t('site.name') })}
            data-testid="embed-title"
          >
            {video.title}
          </a>
        }
      />
    );
  }
  return (
    <div className="embed" data-testid="embed">
      {body}
    </div>
  );
}
