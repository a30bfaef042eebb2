import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { apiClient } from '../lib/api-client';
import type { VideoDetail } from '../lib/dto';
import { useRootData } from '../lib/root-data';
import { AfterHydration } from '../lib/use-hydrated';
import { once, useOnDemand } from '../lib/use-on-demand';
import { SubscribeButton } from './actions/subscribe-button';
import { useMemberAction } from './actions/use-member-action';
import { VoteButtons } from './actions/vote-buttons';
import { useLoginModal } from './auth/login-modal';

// Every dialog is fetched on intent (pointer over or focus on its button) and opened once it is there:
// none of them is part of the video page's first load.
const loadAddTo = once(() => import('./actions/add-to-playlist-modal').then((m) => m.AddToPlaylistModal));
const loadReport = once(() => import('./contact/contact-modal').then((m) => m.ContactModal));
const loadGate = once(() => import('./download-gate').then((m) => m.DownloadGate));
const loadShare = once(() => import('./share-modal').then((m) => m.ShareModal));
// The owner's Edit and Delete appear after hydration for the owner only: no visitor downloads them.
const OwnVideoTools = lazy(() =>
  import('./upload/own-video-tools').then((m) => ({ default: m.OwnVideoTools })),
);

type OpenModal = 'share' | 'download' | 'add-to' | 'report' | null;
type List = 'favourites' | 'watch_later';

/** Under the player: votes, favourites, watch later, add to playlist, subscribe, share, download and report. */
export function VideoActions({
  video,
  origin,
  signedIn,
}: {
  video: VideoDetail;
  origin: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<OpenModal>(null);
  const addTo = useOnDemand(loadAddTo);
  const report = useOnDemand(loadReport);
  const gate = useOnDemand(loadGate);
  const share = useOnDemand(loadShare);
  const show = (dialog: { fetch: () => Promise<unknown> }, which: Exclude<OpenModal, null>) => () =>
    dialog.fetch().then(
      () => setOpen(which),
      (error: unknown) => console.error(`[video] the ${which} dialog could not be loaded`, error),
    );
  const close = () => setOpen(null);
  const active = video.state === 'active';
  const login = useLoginModal();
  const { run, busy } = useMemberAction();
  const [lists, setLists] = useState<List[]>([]);
  const viewerId = useRootData().viewer.memberId;
  const revalidator = useRevalidator();
  // Only after hydration: the page a visitor's cache may hold never carries an owner's controls.
  const owner = viewerId !== null && video.uploader?.id === viewerId;
  useEffect(() => {
    if (!signedIn || !active) return;
    apiClient()
      .me.videoState.query({ videoId: video.id, uploaderId: null })
      .then(
        (s) => setLists(s.lists),
        () => {},
      );
  }, [signedIn, active, video.id]);

  const toggle = async (list: List) => {
    const has = lists.includes(list);
    const act = list === 'favourites' ? 'favourite' : 'watch_later';
    const r = await run('/api/input.php', { act: has ? `${act}_del` : act, video_id: video.id });
    if (r?.ok) setLists((l) => (has ? l.filter((x) => x !== list) : [...l, list]));
  };
  return (
    <div className="video-actions" data-testid="video-actions">
      {active && (
        <>
          <VoteButtons section="video" objectId={video.id} likes={video.likes} dislikes={video.dislikes} />
          <button
            type="button"
            className="video-actions__button"
            aria-pressed={lists.includes('favourites')}
            disabled={busy}
            onClick={() => toggle('favourites')}
          >
            {lists.includes('favourites') ? t('actions.favourited') : t('actions.favourite')}
          </button>
          <button
            type="button"
            className="video-actions__button"
            aria-pressed={lists.includes('watch_later')}
            disabled={busy}
            onClick={() => toggle('watch_later')}
          >
            {lists.includes('watch_later') ? t('actions.in_watch_later') : t('actions.watch_later')}
          </button>
          <button
            type="button"
            className="video-actions__button"
            {...addTo.intent}
            onClick={() => login.requireSignIn() && show(addTo, 'add-to')()}
          >
            {t('actions.add_to')}
          </button>
          {video.uploader && <SubscribeButton section="member" objectId={video.uploader.id} />}
        </>
      )}
      <button
        type="button"
        className="video-actions__button"
        {...share.intent}
        onClick={show(share, 'share')}
      >
        {t('video.share')}
      </button>
      {active && (
        <button
          type="button"
          className="video-actions__button"
          {...gate.intent}
          onClick={show(gate, 'download')}
        >
          {t('video.download')}
        </button>
      )}
      {active && (
        <button
          type="button"
          className="video-actions__button"
          {...report.intent}
          onClick={show(report, 'report')}
          data-testid="report-video"
        >
          {t('video.report')}
        </button>
      )}
      {owner && video.state !== 'deleted' && (
        <AfterHydration>
          <Suspense fallback={null}>
            <OwnVideoTools
              video={video}
              onDeleted={() => void revalidator.revalidate()}
              onSaved={(result) => result === 'applied' && void revalidator.revalidate()}
            />
          </Suspense>
        </AfterHydration>
      )}
      {open === 'report' && report.Component && (
        <report.Component
          target={{ videoId: video.id, title: video.title }}
          defaultSubject="inappropriate"
          onClose={close}
        />
      )}
      {open === 'add-to' && addTo.Component && <addTo.Component videoId={video.id} onClose={close} />}
      {open === 'share' && share.Component && (
        <share.Component video={video} origin={origin || window.location.origin} onClose={close} />
      )}
      {open === 'download' && gate.Component && (
        <gate.Component
          videoId={video.id}
          subscribeTo={video.uploader?.name ?? video.channel?.title ?? null}
          signedIn={signedIn}
          onClose={close}
        />
      )}
    </div>
  );
}
