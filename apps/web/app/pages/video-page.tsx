import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { UnderPlayerAd } from '../components/ad-zones';
import { Comments } from '../components/comments';
import { Pagination } from '../components/pagination';
import { PartnerSlider } from '../components/partner-slider';
import { VideoPlayer } from '../components/player/video-player';
import { PlaylistStrip } from '../components/playlist-strip';
import { ProvenanceBlock } from '../components/provenance-block';
import { SiteLink } from '../components/site-link';
import { SuggestionStrip } from '../components/suggestion-strip';
import { ThumbGrid } from '../components/thumb-grid';
import { VideoActions } from '../components/video-actions';
import { VideoDetails } from '../components/video-details';
import { VideoStatePanel } from '../components/video-state-panel';
import { OtherVersions } from '../components/video-versions';
import { currentLang, loadStrings } from '../lib/i18n';
import { useRootData } from '../lib/root-data';
import { RELATED_MAX_PAGE } from '../lib/site-constants';
import { AfterHydration } from '../lib/use-hydrated';
import { useRecordWatch } from '../lib/use-record-watch';
import { useViewStat } from '../lib/use-view-stat';
import type { VideoPageData } from './video-page.server';

// A moderator's tools (Versions, ADR 0035) with the staff strings: after hydration, for staff only, so
// neither a visitor's first load nor a cached page carries them.
const StaffVideoTools = lazy(() =>
  Promise.all([
    import('../components/moderation/staff-video-tools'),
    loadStrings(currentLang(), ['staff']),
  ]).then(([m]) => ({ default: m.StaffVideoTools })),
);

/** The current URL with one query parameter set (page 1 removes it), keeping the others. */
function withParam(path: string, search: string, name: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete(name);
  else params.set(name, String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

function PlayerArea({
  data,
  signedIn,
  theatre,
}: {
  data: VideoPageData;
  signedIn: boolean;
  theatre: [boolean, (on: boolean) => void];
}) {
  const { t } = useTranslation();
  const { video, hls } = data;
  // Spec §4: the player is never built for a deleted video (status 5).
  if (video.state === 'deleted' || video.statusId === 5)
    return <VideoStatePanel message={t('video.deleted')} />;
  if (video.state === 'private') return <VideoStatePanel message={t('video.private')} />;
  if (!hls) {
    return (
      <VideoStatePanel message={t('video.not_found')}>
        <SiteLink to="/" className="button">
          {t('video.go_home')}
        </SiteLink>
      </VideoStatePanel>
    );
  }
  return (
    <VideoPlayer
      // A new video gets a fresh player; revalidating the same one (related pages) keeps it playing.
      key={video.id}
      src={hls}
      poster={video.scr}
      posterSmall={video.thumb2x}
      title={video.title}
      durationSec={video.durationSec}
      timelineVtt={video.timelineVtt}
      // The end screen follows the related list below, so paging it refreshes the player's list too.
      related={data.related.items}
      autoplayNext
      // In a playlist, the end of the video goes on to the next item, keeping the playlist parameters.
      next={data.playlist?.next}
      videoId={video.id}
      signedIn={signedIn}
      captions={video.captions}
      theatre={theatre}
    />
  );
}

export function VideoPage({ data }: { data: VideoPageData }) {
  const { t } = useTranslation();
  const { viewer, origin } = useRootData();
  const { search } = useLocation();
  const { video, related, relatedPage } = data;
  const active = video.state === 'active';
  useViewStat(video.id, active);
  useRecordWatch(video, active && viewer.memberId === null);
  // Theatre mode (desktop): the player controls switch it and remember it (player-more.tsx).
  const theatre = useState(false);
  const staff = viewer.role === 'moderator' || viewer.role === 'admin';

  return (
    <div className={`video-page${theatre[0] ? ' video-page--theatre' : ''}`}>
      <div className="video-page__player">
        <PlayerArea data={data} signedIn={viewer.memberId !== null} theatre={theatre} />
      </div>
      <UnderPlayerAd />
      {data.playlist && <PlaylistStrip strip={data.playlist} currentId={video.id} />}
      <VideoDetails video={video} postedOn={data.postedOn} />
      {active && <ProvenanceBlock provenance={data.provenance} videoId={video.id} />}
      {video.state !== 'deleted' && (
        <VideoActions video={video} origin={origin} signedIn={viewer.memberId !== null} />
      )}
      {staff && active && (
        <AfterHydration>
          <Suspense fallback={null}>
            <StaffVideoTools videoId={video.id} />
          </Suspense>
        </AfterHydration>
      )}
      <OtherVersions video={video} />
      <SuggestionStrip videos={data.suggestions} />
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title" className="section-title">
          {t('video.related')}
        </h2>
        {related.items.length > 0 && <ThumbGrid videos={related.items} />}
        <Pagination
          page={relatedPage}
          pages={Math.min(related.pages, RELATED_MAX_PAGE)}
          href={(page) => (page === 1 ? video.url : `${video.url}?related_page=${page}`)}
          label={t('video.related')}
          preventScrollReset
        />
      </section>
      <PartnerSlider />
      {data.comments && (
        <Comments
          comments={data.comments}
          signedIn={viewer.memberId !== null}
          href={(page) => withParam(video.url, search, 'comments_page', page)}
          target={active ? { section: 'video', objectId: video.id } : undefined}
        />
      )}
    </div>
  );
}
