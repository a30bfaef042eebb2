import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOWNLOAD_GATE_WAIT_MS } from '../lib/video-extras-constants';
import { Modal } from './modal';

/** Spec §4: not subscribed → waiting (10 s) → active, which then fetches the file link. */
export type GateState = 'not_subscribed' | 'waiting' | 'active';

interface DownloadGateProps {
  videoId: number;
  /** Who to subscribe to: the uploader or the channel, if any. */
  subscribeTo: string | null;
  signedIn: boolean;
  onClose: () => void;
}

/** `/api/videofile.php` answers `[{format, video_url}]` with a base64 URL, or `{error, code}`. */
async function fetchFileLink(videoId: number): Promise<string> {
  const res = await fetch(`/api/videofile.php?video_id=${videoId}`, {
    headers: { accept: 'application/json' },
  });
  const body = (await res.json()) as { video_url?: string }[] | { error: string; code: string };
  if (!Array.isArray(body) || !body[0]?.video_url) {
    throw new Error(`videofile: ${res.status} ${'code' in body ? body.code : 'no file'}`);
  }
  return atob(body[0].video_url);
}

export function DownloadGate({ videoId, subscribeTo, signedIn, onClose }: DownloadGateProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<GateState>('not_subscribed');
  const [notice, setNotice] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(DOWNLOAD_GATE_WAIT_MS / 1000));
  const [link, setLink] = useState<string | null>(null);
  const [fetching, setFetching] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (state !== 'waiting') return;
    const end = Date.now() + DOWNLOAD_GATE_WAIT_MS;
    const tick = setInterval(() => setSecondsLeft(Math.max(0, Math.ceil((end - Date.now()) / 1000))), 250);
    const done = setTimeout(() => setState('active'), DOWNLOAD_GATE_WAIT_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, [state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to fetch again
  useEffect(() => {
    if (state !== 'active') return;
    let live = true;
    setFetching(true);
    fetchFileLink(videoId)
      .then((url) => live && setLink(url))
      // Spec §8: a video file error is only logged, with no message to the visitor.
      .catch((error: unknown) => console.error('[download] the file link could not be fetched', error))
      .finally(() => live && setFetching(false));
    return () => {
      live = false;
    };
  }, [state, videoId, attempt]);

  const subscribe = () => {
    // Subscribing needs a member (spec §5); the members issue adds the subscribe call itself.
    if (!signedIn) setNotice(true);
  };

  return (
    <Modal
      title={t('download.title')}
      closeLabel={t('download.close')}
      onClose={onClose}
      testId="download-gate"
    >
      <div className="download-gate" data-state={state} data-testid="download-gate-state">
        {state === 'not_subscribed' && (
          <>
            <p>
              {subscribeTo
                ? t('download.not_subscribed', { name: subscribeTo })
                : t('download.not_subscribed_anonymous')}
            </p>
            <div className="download-gate__actions">
              <button type="button" className="button" onClick={subscribe} disabled={signedIn}>
                {t('download.subscribe')}
              </button>
              <button type="button" className="download-gate__skip" onClick={() => setState('waiting')}>
                {t('download.continue')}
              </button>
            </div>
            {notice && (
              <p className="download-gate__notice" role="alert">
                {t('download.sign_in_needed')}
              </p>
            )}
          </>
        )}
        {state === 'waiting' && (
          <p
            className="download-gate__countdown"
            role="timer"
            aria-live="polite"
            data-testid="download-countdown"
          >
            {t('download.waiting', { seconds: secondsLeft })}
          </p>
        )}
        {state === 'active' && (
          <>
            <p>{t('download.active')}</p>
            {link ? (
              <>
                <a className="button" href={link} download data-testid="download-link">
                  {t('download.link')}
                </a>
                <p className="modal__hint">{t('download.link_hint')}</p>
              </>
            ) : fetching ? (
              <p role="status">{t('download.fetching')}</p>
            ) : (
              <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
                {t('download.retry')}
              </button>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
