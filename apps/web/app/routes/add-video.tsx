import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MyUploads } from '../components/upload/my-uploads';
import { NotificationsList } from '../components/upload/notifications-list';
import { useTusUpload } from '../components/upload/use-tus-upload';
import { errorText } from '../lib/form-errors';
import { getI18n, withStrings } from '../lib/i18n';
import { requireMemberPage } from '../lib/member-only';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { uploadForm } from '../lib/upload-form';
import {
  checkUpload,
  formatBytes,
  formatEta,
  PREVIEW_TYPES,
  type UploadProblem,
  VIDEO_FORMATS,
} from '../lib/upload-rules';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/add-video';

/** `/add-video/`: resumable upload into the moderation queue. Members only; visitors go to `/`. */

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
export const handle = { strings: ['upload', 'staff'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['upload', 'staff'], serverLoader);
}

export async function loader({ context }: Route.LoaderArgs) {
  requireMemberPage(context);
  const main = await context.api.catalog.main();
  return { chunkSize: context.uploadChunkBytes, categories: main.categories.slice(0, 40) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('upload.title'), noindex: true });
}

export default function AddVideo({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const tus = useTusUpload(loaderData.chunkSize);
  const hydrated = useHydrated();
  const [problems, setProblems] = useState<UploadProblem[]>([]);
  const [refreshKey, setRefreshKey] = useState(0);
  const [previewMode, setPreviewMode] = useState<'auto' | 'custom'>('auto');
  const problem = (field: UploadProblem['field']) => {
    const p = problems.find((x) => x.field === field);
    return p ? errorText(t, p) : null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const file =
      data.get('file') instanceof File && (data.get('file') as File).size > 0
        ? (data.get('file') as File)
        : null;
    const title = String(data.get('title') ?? '');
    const adult = data.get('adult') === '1';
    const previewFile = data.get('preview') instanceof File && (data.get('preview') as File).size > 0;
    const preview = {
      mode: data.get('preview_mode') === 'custom' ? ('custom' as const) : ('auto' as const),
      file: previewFile ? (data.get('preview') as File) : null,
    };
    const found = checkUpload(file, title, adult, preview);
    setProblems(found);
    if (found.length > 0 || !file) return;
    // The chosen preview image goes first (one small request); its token travels with the video.
    let previewToken = '';
    if (preview.mode === 'custom' && preview.file) {
      const body = new FormData();
      body.set('act', 'preview');
      body.set('preview', preview.file);
      const sent = await uploadForm<{ preview: string }>('/api/video_edit.php', body, () => {});
      if (!sent.ok) {
        setProblems([{ field: 'preview', code: sent.code, info: sent.info }]);
        return;
      }
      previewToken = sent.preview;
    }
    await tus.start(file, {
      preview: previewToken,
      preview_mode: preview.mode,
      filename: file.name,
      filetype: file.type,
      title: title.trim(),
      description: String(data.get('description') ?? ''),
      exclusive: data.get('exclusive') === '1' ? '1' : '0',
      adult: '1',
      categories: data.getAll('categories').map(String).slice(0, 3).join(','),
      models: String(data.get('models') ?? ''),
    });
    setRefreshKey((k) => k + 1);
  };

  const { sent, total, speed } = tus.progress;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  const busy = tus.state === 'uploading' || tus.state === 'paused';

  return (
    <div className="member-edit">
      <h1 className="page-title">{t('upload.title')}</h1>
      <form
        className="auth-form upload-form"
        onSubmit={submit}
        noValidate
        data-testid="upload-form"
        data-hydrated={hydrated ? 'true' : undefined}
      >
        <label className="form-field">
          <span className="form-field__label">{t('upload.file')}</span>
          <input
            type="file"
            name="file"
            accept={VIDEO_FORMATS.map((f) => `.${f}`).join(',')}
            disabled={busy}
            aria-invalid={problem('file') ? true : undefined}
          />
          <span className="image-upload__hint">{t('upload.file_hint')}</span>
          {problem('file') && (
            <span className="form-field__error" role="alert">
              {problem('file')}
            </span>
          )}
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('upload.video_title')}</span>
          <input className="input form-field__input" name="title" maxLength={100} disabled={busy} />
          {problem('title') && (
            <span className="form-field__error" role="alert">
              {problem('title')}
            </span>
          )}
        </label>
        <fieldset className="form-field upload-form__preview">
          <legend className="form-field__label">{t('upload.preview.label')}</legend>
          <label className="filter filter--checkbox">
            <input
              type="radio"
              name="preview_mode"
              value="auto"
              checked={previewMode === 'auto'}
              onChange={() => setPreviewMode('auto')}
              disabled={busy}
            />
            <span>{t('upload.preview.auto')}</span>
          </label>
          <label className="filter filter--checkbox">
            <input
              type="radio"
              name="preview_mode"
              value="custom"
              checked={previewMode === 'custom'}
              onChange={() => setPreviewMode('custom')}
              disabled={busy}
            />
            <span>{t('upload.preview.custom')}</span>
          </label>
          {previewMode === 'custom' && (
            <>
              <input
                type="file"
                name="preview"
                accept={PREVIEW_TYPES.join(',')}
                disabled={busy}
                aria-label={t('upload.preview.file')}
                aria-invalid={problem('preview') ? true : undefined}
              />
              <span className="image-upload__hint">{t('upload.preview.hint')}</span>
            </>
          )}
          {problem('preview') && (
            <span className="form-field__error" role="alert">
              {problem('preview')}
            </span>
          )}
        </fieldset>
        <label className="form-field">
          <span className="form-field__label">{t('upload.description')}</span>
          <textarea
            className="input comment-form__text"
            name="description"
            rows={3}
            maxLength={2000}
            disabled={busy}
          />
        </label>
        <fieldset className="form-field upload-form__categories">
          <legend className="form-field__label">{t('upload.categories')}</legend>
          {loaderData.categories.map((c) => (
            <label key={c.dir} className="filter filter--checkbox">
              <input type="checkbox" name="categories" value={c.dir} disabled={busy} />
              <span>{c.title}</span>
            </label>
          ))}
        </fieldset>
        <label className="form-field">
          <span className="form-field__label">{t('upload.models')}</span>
          <input
            className="input form-field__input"
            name="models"
            placeholder={t('upload.models_placeholder')}
            disabled={busy}
          />
        </label>
        <label className="filter filter--checkbox">
          <input type="checkbox" name="exclusive" value="1" disabled={busy} />
          <span>{t('upload.exclusive')}</span>
        </label>
        <label className="filter filter--checkbox">
          <input type="checkbox" name="adult" value="1" disabled={busy} />
          <span>{t('upload.adult')}</span>
        </label>
        {problem('adult') && (
          <p className="form-error" role="alert">
            {problem('adult')}
          </p>
        )}
        {tus.state === 'idle' || tus.state === 'error' || tus.state === 'done' ? (
          <button type="submit" className="button button--primary">
            {t('upload.start')}
          </button>
        ) : null}
      </form>

      {tus.state !== 'idle' && (
        <section className="upload-progress" data-testid="upload-progress" aria-live="polite">
          <progress max={100} value={percent} aria-label={t('upload.progress')} />
          <p>
            {t('upload.progress_line', {
              percent,
              sent: formatBytes(sent),
              total: formatBytes(total),
              speed: `${formatBytes(speed)}/s`,
              eta: speed > 0 ? formatEta((total - sent) / speed) : '—',
            })}
          </p>
          <div className="member-actions">
            {tus.state === 'uploading' && (
              <button type="button" className="button" onClick={tus.pause}>
                {t('upload.pause')}
              </button>
            )}
            {(tus.state === 'paused' || (tus.state === 'error' && tus.error?.code === 'network')) && (
              <button type="button" className="button" onClick={tus.resume}>
                {t('upload.resume')}
              </button>
            )}
            {busy && (
              <button type="button" className="button" onClick={() => void tus.cancel()}>
                {t('upload.cancel')}
              </button>
            )}
          </div>
          {tus.state === 'done' && (
            <p className="auth-done" role="status" data-testid="upload-done">
              {t('upload.done')}
            </p>
          )}
          {tus.state === 'error' && tus.error && (
            <p className="form-error" role="alert" data-testid="upload-error">
              {errorText(t, tus.error)}
            </p>
          )}
        </section>
      )}
      <NotificationsList lang={lang} />
      <MyUploads lang={lang} refreshKey={tus.state === 'done' ? refreshKey + 1 : refreshKey} />
    </div>
  );
}
