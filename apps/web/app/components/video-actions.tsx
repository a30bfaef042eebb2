import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoDetail } from '../lib/dto';
import { DownloadGate } from './download-gate';
import { ShareModal } from './share-modal';

type OpenModal = 'share' | 'download' | null;

/** Share and Download under the player (the member actions arrive with the members issue). */
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
  const close = () => setOpen(null);
  const active = video.state === 'active';
  return (
    <div className="video-actions" data-testid="video-actions">
      <button type="button" className="video-actions__button" onClick={() => setOpen('share')}>
        {t('video.share')}
      </button>
      {active && (
        <button type="button" className="video-actions__button" onClick={() => setOpen('download')}>
          {t('video.download')}
        </button>
      )}
      {open === 'share' && (
        <ShareModal video={video} origin={origin || window.location.origin} onClose={close} />
      )}
      {open === 'download' && (
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
