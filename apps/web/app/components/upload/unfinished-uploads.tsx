import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { errorText, type FieldError } from '../../lib/form-errors';
import { formatBytes, sameFile } from '../../lib/upload-rules';
import { discardUpload, storedUploads, type useUploadQueue } from './use-upload-queue';

interface Unfinished {
  id: string;
  filename: string;
  size: number;
  received: number;
  /** The first megabyte's hash the upload recorded in this browser (tus keeps its metadata), if any. */
  head: string | null;
  title: string;
  metadata: Record<string, string>;
}

/** How many bytes of an upload the server holds: tus answers a HEAD with its Upload-Offset. */
async function offsetOf(id: string): Promise<number | null> {
  const res = await fetch(`/api/upload/${id}`, {
    method: 'HEAD',
    headers: { 'Tus-Resumable': '1.0.0' },
  }).catch(() => null);
  const offset = Number(res?.ok ? res.headers.get('upload-offset') : Number.NaN);
  return Number.isFinite(offset) ? offset : null;
}

/**
 * Uploads the member started and did not finish (a reload, a closed tab, another browser): each with how far
 * it got, a Resume button that asks for the file and checks it is the same one before sending a byte, and
 * Discard.
 */
export function UnfinishedUploads({
  queue,
  refreshKey,
}: {
  queue: ReturnType<typeof useUploadQueue>;
  refreshKey: number;
}) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Unfinished[]>([]);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey and reload are triggers
  useEffect(() => {
    let stop = false;
    Promise.all([apiClient().uploads.mine.query(), storedUploads()])
      .then(([mine, stored]) => {
        const active = queue.activeIds();
        return Promise.all(
          mine
            .filter((u) => u.status === 'uploading' && !active.has(u.id))
            .map(async (u) => {
              const metadata = (stored.get(u.id)?.metadata ?? {}) as Record<string, string>;
              return {
                id: u.id,
                filename: u.filename,
                size: u.size,
                received: (await offsetOf(u.id)) ?? u.received,
                head: metadata.head ?? null,
                title: metadata.title ?? u.filename,
                metadata,
              };
            }),
        );
      })
      .then(
        (list) => !stop && setRows(list),
        () => {},
      );
    return () => {
      stop = true;
    };
  }, [refreshKey, reload]);

  const resume = async (row: Unfinished, file: File | undefined) => {
    if (!file) return;
    if (!(await sameFile(file, row))) {
      setErrors((e) => ({
        ...e,
        [row.id]: { code: 'not_same_file', info: { name: row.filename, size: formatBytes(row.size) } },
      }));
      return;
    }
    setErrors(({ [row.id]: _, ...rest }) => rest);
    setRows((list) => list.filter((r) => r.id !== row.id));
    await queue.add([{ file, title: row.title, metadata: row.metadata, resumeUrl: `/api/upload/${row.id}` }]);
  };

  const discard = async (row: Unfinished) => {
    setRows((list) => list.filter((r) => r.id !== row.id));
    await discardUpload(row.id);
    setReload((n) => n + 1);
  };

  if (rows.length === 0) return null;
  return (
    <section className="unfinished-uploads" data-testid="unfinished-uploads">
      <h2 className="section-title">{t('upload.unfinished')}</h2>
      <p className="image-upload__hint">{t('upload.unfinished_hint')}</p>
      <ul className="upload-files">
        {rows.map((row) => {
          const percent = row.size > 0 ? Math.floor((row.received / row.size) * 100) : 0;
          return (
            <li key={row.id} className="upload-file" data-testid="unfinished-upload">
              <span className="upload-file__name">{row.filename}</span>
              <progress max={100} value={percent} aria-label={t('upload.progress')} />
              <p>{t('upload.unfinished_line', { percent, total: formatBytes(row.size) })}</p>
              <div className="member-actions">
                <label className="button button--primary">
                  {t('upload.resume')}
                  <input
                    type="file"
                    className="visually-hidden"
                    aria-label={t('upload.resume_file', { name: row.filename })}
                    onChange={(e) => {
                      void resume(row, e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                </label>
                <button type="button" className="button button--quiet" onClick={() => void discard(row)}>
                  {t('upload.discard')}
                </button>
              </div>
              {errors[row.id] && (
                <p className="form-error" role="alert" data-testid="resume-error">
                  {errorText(t, errors[row.id])}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
