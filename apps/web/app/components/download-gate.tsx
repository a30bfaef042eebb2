import { useEffect, useRef, useState } from 'react';
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

/** One MP4 of the ladder: `{format: 'mp4', quality, height, video_url}` in videofile.php's list. */
export interface DownloadLevel {
  quality: string;
  url: string;
}

/** Where the chosen MP4 stands: the server makes it on the first request (a remux, seconds). */
type Preparing =
  | { quality: string; url: string; state: 'working'; percent: number | null }
  | { quality: string; url: string; state: 'ready' }
  | { quality: string; url: string; state: 'failed' | 'limited' };

/** How often the gate asks how far the MP4 has got. */
const STATUS_POLL_MS = 600;

/** `/api/videofile.php` answers `[{format, video_url}, …]` with base64 URLs (HLS first), or `{error, code}`. */
async function fetchLevels(videoId: number): Promise<DownloadLevel[]> {
  const res = await fetch(`/api/videofile.php?video_id=${videoId}`, {
    headers: { accept: 'application/json' },
  });
  const body = (await res.json()) as
    | { format?: string; quality?: string; video_url?: string }[]
    | { error: string; code: string };
  if (!Array.isArray(body)) throw new Error(`videofile: ${res.status} ${body.code}`);
  return body
    .filter((f) => f.format === 'mp4' && f.quality && f.video_url)
    .map((f) => ({ quality: f.quality!, url: atob(f.video_url!) }));
}

/** The status of an MP4 download URL (`….mp4` → `….json`); asking starts making it. */
async function fetchStatus(url: string): Promise<{ state: string; percent?: number | null }> {
  const res = await fetch(url.replace(/\.mp4$/, '.json'), { headers: { accept: 'application/json' } });
  // Too many files made on demand from this address lately (the downloadRemux limit).
  if (res.status === 429) return { state: 'limited' };
  if (!res.ok) throw new Error(`download status: ${res.status}`);
  return (await res.json()) as { state: string; percent?: number | null };
}

/** Starts the browser's download: the answer is an attachment, so the page stays where it is. */
function startDownload(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'nofollow';
  document.body.append(a);
  a.click();
  a.remove();
}

export function DownloadGate({ videoId, subscribeTo, signedIn, onClose }: DownloadGateProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<GateState>('not_subscribed');
  const [notice, setNotice] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(DOWNLOAD_GATE_WAIT_MS / 1000));
  const [levels, setLevels] = useState<DownloadLevel[] | null>(null);
  const [fetching, setFetching] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [preparing, setPreparing] = useState<Preparing | null>(null);
  const started = useRef<string | null>(null);

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
    fetchLevels(videoId)
      .then((list) => live && setLevels(list))
      // Spec §8: a video file error is only logged, with no message to the visitor.
      .catch((error: unknown) => console.error('[download] the file links could not be fetched', error))
      .finally(() => live && setFetching(false));
    return () => {
      live = false;
    };
  }, [state, videoId, attempt]);

  // While the chosen MP4 is being made: ask how far it has got until it is ready (or failed).
  const working = preparing?.state === 'working' ? preparing : null;
  const workingUrl = working?.url ?? null;
  const workingQuality = working?.quality ?? null;
  useEffect(() => {
    if (!workingUrl || !workingQuality) return;
    const at = { quality: workingQuality, url: workingUrl };
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      fetchStatus(at.url)
        .then((s) => {
          if (!live) return;
          if (s.state === 'ready') setPreparing({ ...at, state: 'ready' });
          else if (s.state === 'working') {
            setPreparing({ ...at, state: 'working', percent: s.percent ?? null });
            timer = setTimeout(ask, STATUS_POLL_MS);
          } else setPreparing({ ...at, state: s.state === 'limited' ? 'limited' : 'failed' });
        })
        .catch((error: unknown) => {
          console.error('[download] the file could not be prepared', error);
          if (live) setPreparing({ ...at, state: 'failed' });
        });
    };
    ask();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [workingUrl, workingQuality]);

  useEffect(() => {
    if (preparing?.state === 'ready' && started.current !== preparing.url) {
      started.current = preparing.url;
      startDownload(preparing.url);
    }
  }, [preparing]);

  const subscribe = () => {
    // Subscribing needs a member (spec §5); the members issue adds the subscribe call itself.
    if (!signedIn) setNotice(true);
  };

  const choose = (level: DownloadLevel) => {
    started.current = null;
    setPreparing({ ...level, state: 'working', percent: 0 });
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
            {levels?.length ? (
              <>
                <fieldset className="download-gate__choice" data-testid="download-qualities">
                  <legend>{t('download.choose')}</legend>
                  <div className="download-gate__qualities">
                    {levels.map((level) => (
                      <button
                        key={level.quality}
                        type="button"
                        className="download-gate__quality"
                        aria-pressed={preparing?.quality === level.quality}
                        disabled={working !== null}
                        onClick={() => choose(level)}
                        data-quality={level.quality}
                      >
                        {t('download.quality', { quality: level.quality })}
                      </button>
                    ))}
                  </div>
                </fieldset>
                <DownloadProgress preparing={preparing} onRetry={() => preparing && choose(preparing)} />
              </>
            ) : levels ? (
              <p>{t('download.no_files')}</p>
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

function DownloadProgress({ preparing, onRetry }: { preparing: Preparing | null; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!preparing) return null;
  const { quality } = preparing;
  return (
    <div className="download-gate__progress" data-testid="download-progress" data-state={preparing.state}>
      {preparing.state === 'working' && (
        <>
          <p role="status" aria-live="polite">
            {preparing.percent === null
              ? t('download.preparing_queued', { quality })
              : t('download.preparing', { quality, percent: Math.floor(preparing.percent) })}
          </p>
          <progress
            max={100}
            value={preparing.percent ?? undefined}
            aria-label={t('download.preparing_queued', { quality })}
          />
        </>
      )}
      {preparing.state === 'ready' && (
        <>
          <p role="status">{t('download.started', { quality })}</p>
          <a className="button" href={preparing.url} download data-testid="download-link">
            {t('download.link')}
          </a>
          <p className="modal__hint">{t('download.link_hint')}</p>
        </>
      )}
      {(preparing.state === 'failed' || preparing.state === 'limited') && (
        <>
          <p className="download-gate__notice" role="alert" data-testid="download-failed">
            {t(preparing.state === 'limited' ? 'download.limited' : 'download.failed')}
          </p>
          <button type="button" className="button" onClick={onRetry}>
            {t('download.retry')}
          </button>
        </>
      )}
    </div>
  );
}
