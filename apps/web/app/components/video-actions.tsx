import { type ComponentProps, type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../lib/api-client';
import type { VideoDetail } from '../lib/dto';
import { AddToPlaylistModal } from './actions/add-to-playlist-modal';
import { SubscribeButton } from './actions/subscribe-button';
import { useMemberAction } from './actions/use-member-action';
import { VoteButtons } from './actions/vote-buttons';
import { useLoginModal } from './auth/login-modal';
import { ContactModal } from './contact/contact-modal';
import type { DownloadGate as DownloadGateComponent } from './download-gate';
import { ShareModal } from './share-modal';

type Gate = ComponentType<ComponentProps<typeof DownloadGateComponent>>;
/**
 * The gate is fetched on intent (pointer over or focus on the button) and opened once it is there: it,
 * its quality choice and its progress stay out of the video page's first load. Not React.lazy: Suspense
 * reveals its content on a timer, and the gate must open even while a page's timers are held.
 */
const loadGate = (): Promise<Gate> => import('./download-gate').then((m) => m.DownloadGate);

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
  const [DownloadGate, setDownloadGate] = useState<Gate | null>(null);
  const openDownload = () =>
    loadGate().then(
      (gate) => {
        setDownloadGate(() => gate);
        setOpen('download');
      },
      (error: unknown) => console.error('[download] the download gate could not be loaded', error),
    );
  const close = () => setOpen(null);
  const active = video.state === 'active';
  const login = useLoginModal();
  const { run, busy } = useMemberAction();
  const [lists, setLists] = useState<List[]>([]);
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
            onClick={() => login.requireSignIn() && setOpen('add-to')}
          >
            {t('actions.add_to')}
          </button>
          {video.uploader && <SubscribeButton section="member" objectId={video.uploader.id} />}
        </>
      )}
      <button type="button" className="video-actions__button" onClick={() => setOpen('share')}>
        {t('video.share')}
      </button>
      {active && (
        <button
          type="button"
          className="video-actions__button"
          onPointerEnter={() => void loadGate().catch(() => {})}
          onFocus={() => void loadGate().catch(() => {})}
          onClick={openDownload}
        >
          {t('video.download')}
        </button>
      )}
      {active && (
        <button
          type="button"
          className="video-actions__button"
          onClick={() => setOpen('report')}
          data-testid="report-video"
        >
          {t('video.report')}
        </button>
      )}
      {open === 'report' && (
        <ContactModal
          target={{ videoId: video.id, title: video.title }}
          defaultSubject="inappropriate"
          onClose={close}
        />
      )}
      {open === 'add-to' && <AddToPlaylistModal videoId={video.id} onClose={close} />}
      {open === 'share' && (
        <ShareModal video={video} origin={origin || window.location.origin} onClose={close} />
      )}
      {open === 'download' && DownloadGate && (
        <DownloadGate
          videoId={video.id}
          subscribeTo={video.uploader?.name ?? video.channel?.title ?? null}
          signedIn={signedIn}
          onClose={close}
        />
      )}
    </div>
  );
}
