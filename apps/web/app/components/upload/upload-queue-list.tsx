import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/form-errors';
import { formatBytes, formatEta } from '../../lib/upload-rules';
import type { useUploadQueue } from './use-upload-queue';

/** The files being sent from this page, each with its own progress, Pause, Resume and Cancel. */
export function UploadQueueList({ queue }: { queue: ReturnType<typeof useUploadQueue> }) {
  const { t } = useTranslation();
  if (queue.items.length === 0) return null;
  return (
    <ul className="upload-files upload-progress" data-testid="upload-queue" aria-live="polite">
      {queue.items.map((item) => {
        const percent = item.total > 0 ? Math.floor((item.sent / item.total) * 100) : 0;
        const started = item.state === 'uploading' || item.state === 'paused';
        return (
          <li key={item.key} className="upload-file" data-testid="upload-item" data-state={item.state}>
            <span className="upload-file__name">
              {item.title} · {item.file.name}
            </span>
            <progress max={100} value={percent} aria-label={t('upload.progress')} />
            {item.state === 'waiting' ? (
              <p>{t('upload.waiting')}</p>
            ) : (
              <p>
                {t('upload.progress_line', {
                  percent,
                  sent: formatBytes(item.sent),
                  total: formatBytes(item.total),
                  speed: `${formatBytes(item.speed)}/s`,
                  eta: item.speed > 0 ? formatEta((item.total - item.sent) / item.speed) : '—',
                })}
              </p>
            )}
            <div className="member-actions">
              {item.state === 'uploading' && (
                <button type="button" className="button" onClick={() => queue.pause(item.key)}>
                  {t('upload.pause')}
                </button>
              )}
              {(item.state === 'paused' || (item.state === 'error' && item.error?.code === 'network')) && (
                <button type="button" className="button" onClick={() => queue.resume(item.key)}>
                  {t('upload.resume')}
                </button>
              )}
              {(started || item.state === 'waiting') && (
                <button type="button" className="button" onClick={() => void queue.cancel(item.key)}>
                  {t('upload.cancel')}
                </button>
              )}
            </div>
            {item.state === 'done' && (
              <p className="auth-done" role="status" data-testid="upload-done">
                {t('upload.done')}
              </p>
            )}
            {item.state === 'error' && item.error && (
              <p className="form-error" role="alert" data-testid="upload-error">
                {errorText(t, item.error)}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
