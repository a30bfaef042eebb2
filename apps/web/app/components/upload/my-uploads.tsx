import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiClient } from '../../lib/api-client';
import { formatDate } from '../../lib/intl';
import { formatBytes } from '../../lib/upload-rules';
import { OwnVideoTools } from './own-video-tools';

type MyUpload = Awaited<ReturnType<ReturnType<typeof apiClient>['uploads']['mine']['query']>>[number];

/** The member's uploads with their state; refreshed every 2 s while any is being processed. */
export function MyUploads({ lang, refreshKey }: { lang: string; refreshKey: number }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<MyUpload[] | null>(null);
  const [changed, setChanged] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey is the trigger (a finished upload), not an input
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      const list = await apiClient()
        .uploads.mine.query()
        .catch(() => null);
      if (stop) return;
      // Unfinished uploads have their own list with Resume (unfinished-uploads.tsx).
      if (list) setItems(list.filter((u) => u.status !== 'uploading'));
      if (list?.some((u) => u.status === 'complete' || u.status === 'processing'))
        timer = setTimeout(load, 2000);
    };
    void load();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [refreshKey, changed]);

  /**
   * After processing: waiting, published, rejected (with the moderator's reason) or taken down; an edit of a
   * published video that waits for moderation shows beside it.
   */
  const decisionText = (u: MyUpload) => {
    if (u.videoStatus === 1) return t('upload.status.approved');
    if (u.videoStatus === 5) return t('upload.status.taken_down');
    if (u.videoStatus === 4) {
      const [code, ...note] = (u.rejectReason ?? 'other').split(': ');
      return t('upload.status.rejected', {
        reason: t(`moderation.reason.${code}` as 'moderation.reason.other', { defaultValue: code }),
        note: note.join(': '),
      });
    }
    return t('upload.status.pending');
  };

  if (!items || items.length === 0) return null;
  return (
    <section className="my-uploads" data-testid="my-uploads">
      <h2 className="section-title">{t('upload.mine')}</h2>
      <ul className="my-uploads__list">
        {items.map((u) => (
          <li
            key={u.id}
            className="my-uploads__item"
            data-testid="my-upload"
            data-status={u.status}
            data-video-status={u.videoStatus ?? ''}
          >
            <span className="my-uploads__name">{u.filename}</span>
            <span className="my-uploads__meta">
              {formatBytes(u.size)} · {formatDate(u.createdAt, lang)}
            </span>
            <span className={`my-uploads__status my-uploads__status--${u.status}`}>
              {u.status === 'processing' || u.status === 'complete'
                ? t('upload.status.processing', {
                    percent: Math.round(u.progress * 100),
                    stage: u.stage ? t(`upload.stage.${u.stage}` as 'upload.stage.hashing') : '',
                  })
                : u.status === 'failed'
                  ? t(`upload.failure.${u.error ?? 'unknown'}` as 'upload.failure.unknown')
                  : u.status === 'done'
                    ? decisionText(u)
                    : t(`upload.status.${u.status}` as 'upload.status.uploading')}
            </span>
            {u.editPending && (
              <span className="my-uploads__status my-uploads__status--edit" data-testid="edit-pending">
                {t('upload.status.edit_pending')}
              </span>
            )}
            {u.status === 'done' && u.videoStatus === 1 && u.videoId && (
              <Link to={`/videos/${u.videoId}/${u.videoDir ?? ''}/`}>{t('upload.watch')}</Link>
            )}
            {u.status === 'done' && u.videoId && u.videoStatus !== 5 && (
              <OwnVideoTools
                video={{ id: u.videoId, title: u.videoTitle ?? u.filename }}
                onDeleted={() => setChanged((n) => n + 1)}
                onSaved={() => setChanged((n) => n + 1)}
              />
            )}
            {u.status === 'done' && u.videoStatus === 5 && u.videoId && (
              <Link to={`/appeal/?video=${u.videoId}`} data-testid="appeal-link">
                {t('notification.appeal.link')}
              </Link>
            )}
            {(u.status === 'processing' || u.status === 'complete') && (
              <progress max={100} value={Math.round(u.progress * 100)} aria-label={t('upload.processing')} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
