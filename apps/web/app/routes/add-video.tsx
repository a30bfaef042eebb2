import { TITLE_MAX, VIDEO_FORMATS } from '@vt/rules';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProvenanceFields } from '../components/provenance-fields';
import { MyUploads } from '../components/upload/my-uploads';
import { NotificationsList } from '../components/upload/notifications-list';
import { PreviewFileInput } from '../components/upload/preview-file-input';
import { UnfinishedUploads } from '../components/upload/unfinished-uploads';
import { UploadQueueList } from '../components/upload/upload-queue-list';
import { useUploadQueue } from '../components/upload/use-upload-queue';
import { errorText } from '../lib/form-errors';
import { getI18n, withStrings } from '../lib/i18n';
import { requireMemberPage } from '../lib/member-only';
import { pageMeta } from '../lib/page-meta';
import { EMPTY_FORM, type ProvenanceForm } from '../lib/provenance';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { storePreviewImage } from '../lib/upload-form';
import { checkUpload, durationProblem, readDuration, type UploadProblem } from '../lib/upload-rules';
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
  const [refreshKey, setRefreshKey] = useState(0);
  const queue = useUploadQueue(loaderData.chunkSize, () => setRefreshKey((k) => k + 1));
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [checking, setChecking] = useState(false);
  const [previewMode, setPreviewMode] = useState<'auto' | 'custom'>('auto');
  // One custom image stands for one video: with several files the pipeline picks each one's frame.
  const mode = chosen.length > 1 ? 'auto' : previewMode;
  const problem = (field: UploadProblem['field'], key?: string) => {
    const p = problems.find((x) => x.field === field && (key === undefined || x.key === key));
    return p ? errorText(t, p) : null;
  };

  const choose = (files: FileList | null) => {
    const list = [...(files ?? [])].map((file) => ({
      key: `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`,
      file,
      title: '',
    }));
    setChosen(list);
    setProblems([]);
  };

  const [provenance, setProvenance] = useState<ProvenanceForm>(EMPTY_FORM);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const adult = data.get('adult') === '1';
    const exclusive = data.get('exclusive') === '1';
    const previewFile = data.get('preview') instanceof File && (data.get('preview') as File).size > 0;
    const preview = {
      mode,
      file: mode === 'custom' && previewFile ? (data.get('preview') as File) : null,
    };
    const found: Problem[] = [];
    if (chosen.length === 0)
      found.push(...checkUpload(null, 'xxx', adult, preview).map((p) => ({ ...p, key: undefined })));
    for (const c of chosen)
      for (const p of checkUpload(c.file, c.title, adult, preview))
        if (!found.some((f) => f.field === p.field && (p.field === 'adult' || p.field === 'preview')))
          found.push({ ...p, key: p.field === 'file' || p.field === 'title' ? c.key : undefined });
    if (found.length === 0) {
      // The length, read by the browser before any byte is sent (the server checks it again).
      setChecking(true);
      for (const c of chosen) {
        const tooShort = durationProblem(await readDuration(c.file), exclusive);
        if (tooShort) found.push({ ...tooShort, key: c.key });
      }
      setChecking(false);
    }
    setProblems(found);
    if (found.length > 0 || chosen.length === 0) return;
    // The chosen preview image goes first (one small request); its token travels with the video.
    let previewToken = '';
    if (preview.mode === 'custom' && preview.file) {
      const stored = await storePreviewImage(preview.file);
      if ('problem' in stored) return setProblems([{ field: 'preview', ...stored.problem }]);
      previewToken = stored.token;
    }
    const shared = {
      preview: previewToken,
      preview_mode: preview.mode,
      description: String(data.get('description') ?? ''),
      exclusive: exclusive ? '1' : '0',
      adult: '1',
      categories: data.getAll('categories').map(String).slice(0, 3).join(','),
      models: String(data.get('models') ?? ''),
      // The optional provenance record (ADR 0036): only the fields filled in.
      ...Object.fromEntries(
        Object.entries(provenance)
          .filter(([, v]) => v.trim() !== '')
          .map(([k, v]) => [`prov_${k}`, v.trim()]),
      ),
    };
    await queue.add(
      chosen.map((c) => ({
        file: c.file,
        title: c.title.trim(),
        metadata: { ...shared, filename: c.file.name, filetype: c.file.type, title: c.title.trim() },
      })),
    );
    setChosen([]);
    const input = form.elements.namedItem('file') as HTMLInputElement | null;
    if (input) input.value = '';
  };

  return (
    <div className="member-edit">
      <h1 className="page-title">{t('upload.title')}</h1>
      <UnfinishedUploads queue={queue} refreshKey={refreshKey} />
      <form
        className="auth-form upload-form"
        onSubmit={submit}
        noValidate
        data-testid="upload-form"
        data-hydrated={hydrated ? 'true' : undefined}
      >
        <label className="form-field">
          <span className="form-field__label">{t('upload.files')}</span>
          <input
            type="file"
            name="file"
            multiple
            accept={VIDEO_FORMATS.map((f) => `.${f}`).join(',')}
            onChange={(e) => choose(e.target.files)}
            aria-invalid={problem('file') ? true : undefined}
          />
          <span className="image-upload__hint">{t('upload.file_hint')}</span>
          <span className="image-upload__hint">{t('upload.files_hint')}</span>
          {chosen.length === 0 && problem('file') && (
            <span className="form-field__error" role="alert">
              {problem('file')}
            </span>
          )}
        </label>
        {chosen.length > 0 && (
          <ul className="upload-files" data-testid="chosen-files">
            {chosen.map((c) => (
              <li key={c.key} className="upload-file" data-testid="chosen-file">
                <span className="upload-file__name">{c.file.name}</span>
                {problem('file', c.key) && (
                  <span className="form-field__error" role="alert">
                    {problem('file', c.key)}
                  </span>
                )}
                <label className="form-field">
                  <span className="form-field__label">{t('upload.file_title', { name: c.file.name })}</span>
                  <input
                    className="input form-field__input"
                    value={c.title}
                    maxLength={TITLE_MAX}
                    onChange={(e) =>
                      setChosen((list) =>
                        list.map((x) => (x.key === c.key ? { ...x, title: e.target.value } : x)),
                      )
                    }
                    aria-invalid={problem('title', c.key) ? true : undefined}
                  />
                  {problem('title', c.key) && (
                    <span className="form-field__error" role="alert">
                      {problem('title', c.key)}
                    </span>
                  )}
                </label>
                <button
                  type="button"
                  className="button button--quiet"
                  onClick={() => setChosen((list) => list.filter((x) => x.key !== c.key))}
                >
                  {t('upload.remove_file', { name: c.file.name })}
                </button>
              </li>
            ))}
          </ul>
        )}
        <fieldset className="form-field upload-form__preview">
          <legend className="form-field__label">{t('upload.preview.label')}</legend>
          <label className="filter filter--checkbox">
            <input
              type="radio"
              name="preview_mode"
              value="auto"
              checked={mode === 'auto'}
              onChange={() => setPreviewMode('auto')}
            />
            <span>{t('upload.preview.auto')}</span>
          </label>
          <label className="filter filter--checkbox">
            <input
              type="radio"
              name="preview_mode"
              value="custom"
              checked={mode === 'custom'}
              onChange={() => setPreviewMode('custom')}
              disabled={chosen.length > 1}
            />
            <span>{t('upload.preview.custom')}</span>
          </label>
          {mode === 'custom' && <PreviewFileInput name="preview" invalid={Boolean(problem('preview'))} />}
          {problem('preview') && (
            <span className="form-field__error" role="alert">
              {problem('preview')}
            </span>
          )}
        </fieldset>
        <label className="form-field">
          <span className="form-field__label">{t('upload.description')}</span>
          <textarea className="input comment-form__text" name="description" rows={3} maxLength={2000} />
        </label>
        <fieldset className="form-field upload-form__categories">
          <legend className="form-field__label">{t('upload.categories')}</legend>
          {loaderData.categories.map((c) => (
            <label key={c.dir} className="filter filter--checkbox">
              <input type="checkbox" name="categories" value={c.dir} />
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
          />
        </label>
        <details className="form-field upload-form__provenance" data-testid="upload-provenance">
          <summary className="form-field__label">{t('upload.provenance.title')}</summary>
          <p className="form-field__hint">{t('upload.provenance.hint')}</p>
          <ProvenanceFields values={provenance} onChange={setProvenance} />
        </details>
        <label className="filter filter--checkbox">
          <input type="checkbox" name="exclusive" value="1" />
          <span>{t('upload.exclusive')}</span>
        </label>
        <label className="filter filter--checkbox">
          <input type="checkbox" name="adult" value="1" />
          <span>{t('upload.adult')}</span>
        </label>
        {problem('adult') && (
          <p className="form-error" role="alert">
            {problem('adult')}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={checking}>
          {checking ? t('upload.checking') : t('upload.start')}
        </button>
      </form>
      <UploadQueueList queue={queue} />
      <NotificationsList lang={lang} />
      <MyUploads lang={lang} refreshKey={refreshKey} />
    </div>
  );
}

interface Chosen {
  key: string;
  file: File;
  title: string;
}

/** A form problem; `key` names the chosen file it belongs to. */
type Problem = UploadProblem & { key?: string };
