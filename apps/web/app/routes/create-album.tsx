import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../components/auth/form-error';
import { errorText } from '../lib/form-errors';
import { getI18n, withStrings } from '../lib/i18n';
import { postForm } from '../lib/legacy-post';
import { requireMemberPage } from '../lib/member-only';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { uploadForm } from '../lib/upload-form';
import type { Route } from './+types/create-album';

interface PhotoState {
  name: string;
  percent: number;
  error: string | null;
  done: boolean;
}

/** `/create-album/`: a pending album, then its photos one by one, each with its own progress. Members only. */

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
export const handle = { strings: ['upload', 'staff'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['upload', 'staff'], serverLoader);
}

export async function loader({ context }: Route.LoaderArgs) {
  requireMemberPage(context);
  const main = await context.api.catalog.main();
  return { categories: main.categories.slice(0, 40) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('album_upload.title'), noindex: true });
}

export default function CreateAlbum({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [photos, setPhotos] = useState<PhotoState[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'done'>('idle');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const title = String(data.get('title') ?? '').trim();
    const files = (data.getAll('photos') as File[]).filter((f) => f.size > 0);
    setError(null);
    if (title.length < 3)
      return setError(errorText(t, { code: title ? 'min_length' : 'required', info: { length: 3 } }));
    if (files.length === 0) return setError(errorText(t, { code: 'photos_required' }));
    // The same confirmation as a video upload; the server refuses an album without it.
    if (data.get('adult') !== '1') return setError(errorText(t, { code: 'consent_required' }));
    const bad = files.find((f) => !/^image\/(jpeg|png|webp)$/.test(f.type));
    if (bad) return setError(`${bad.name}: ${errorText(t, { code: 'bad_file_type' })}`);
    setState('sending');
    const made = await postForm<{ album_id: number }>('/api/album_edit.php', {
      act: 'create',
      title,
      desc: String(data.get('desc') ?? ''),
      categories: data.getAll('categories').map(String).slice(0, 3).join(','),
      adult: '1',
    });
    if (!made.ok) {
      setState('idle');
      return setError(errorText(t, made));
    }
    const list: PhotoState[] = files.map((f) => ({ name: f.name, percent: 0, error: null, done: false }));
    setPhotos(list);
    const update = (i: number, patch: Partial<PhotoState>) =>
      setPhotos((prev) => prev.map((p, k) => (k === i ? { ...p, ...patch } : p)));
    for (const [i, file] of files.entries()) {
      const form = new FormData();
      form.set('act', 'photo');
      form.set('album_id', String(made.album_id));
      form.set('file', file);
      const r = await uploadForm('/api/album_edit.php', form, (percent) => update(i, { percent }));
      update(i, r.ok ? { done: true, percent: 100 } : { error: errorText(t, r) });
    }
    setState('done');
  };

  return (
    <div className="member-edit">
      <h1 className="page-title">{t('album_upload.title')}</h1>
      <form className="auth-form" onSubmit={submit} noValidate data-testid="album-form">
        <label className="form-field">
          <span className="form-field__label">{t('album_upload.album_title')}</span>
          <input
            className="input form-field__input"
            name="title"
            maxLength={100}
            disabled={state !== 'idle'}
          />
        </label>
        <label className="form-field">
          <span className="form-field__label">{t('upload.description')}</span>
          <textarea
            className="input comment-form__text"
            name="desc"
            rows={3}
            maxLength={2000}
            disabled={state !== 'idle'}
          />
        </label>
        <fieldset className="form-field upload-form__categories">
          <legend className="form-field__label">{t('upload.categories')}</legend>
          {loaderData.categories.map((c) => (
            <label key={c.dir} className="filter filter--checkbox">
              <input type="checkbox" name="categories" value={c.dir} disabled={state !== 'idle'} />
              <span>{c.title}</span>
            </label>
          ))}
        </fieldset>
        <label className="form-field">
          <span className="form-field__label">{t('album_upload.photos')}</span>
          <input
            type="file"
            name="photos"
            multiple
            accept="image/jpeg,image/png,image/webp"
            disabled={state !== 'idle'}
          />
          <span className="image-upload__hint">{t('album_upload.photos_hint')}</span>
        </label>
        <label className="filter filter--checkbox">
          <input type="checkbox" name="adult" value="1" disabled={state !== 'idle'} />
          <span>{t('upload.adult')}</span>
        </label>
        <FormError text={error} />
        {state === 'idle' && (
          <button type="submit" className="button button--primary">
            {t('album_upload.create')}
          </button>
        )}
      </form>
      {photos.length > 0 && (
        <ul className="my-uploads__list album-progress" data-testid="album-progress">
          {photos.map((p) => (
            <li key={p.name} className="my-uploads__item" data-testid="photo-progress">
              <span className="my-uploads__name">{p.name}</span>
              <progress max={100} value={p.percent} aria-label={p.name} />
              <span className={`my-uploads__status${p.error ? ' my-uploads__status--failed' : ''}`}>
                {p.error ?? (p.done ? t('album_upload.photo_done') : `${p.percent}%`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {state === 'done' && (
        <p className="auth-done" role="status" data-testid="album-done">
          {t('album_upload.done')}
        </p>
      )}
    </div>
  );
}
