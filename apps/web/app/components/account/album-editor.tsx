import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator } from 'react-router';
import type { OwnAlbum } from '../../lib/dto';
import { errorText } from '../../lib/form-errors';
import { useRootData } from '../../lib/root-data';
import { postTrpc } from '../../lib/trpc-post';
import { uploadForm } from '../../lib/upload-form';
import { useHydrated } from '../../lib/use-hydrated';
import { FormError } from '../auth/form-error';
import { FormField } from '../auth/form-field';
import { useFormErrors } from '../auth/use-form-errors';
import { useNotify } from '../toasts';

const FIELDS = ['title', 'desc'] as const;

/** Title and description; saving an approved album's new text sends it back to moderation (ADR 0030). */
function AlbumText({ album, onSaved }: { album: OwnAlbum; onSaved: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const errors = useFormErrors<(typeof FIELDS)[number]>();
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    errors.clear();
    setBusy(true);
    const r = await postTrpc('albums.update', {
      id: album.id,
      title: String(data.get('title') ?? ''),
      desc: String(data.get('desc') ?? ''),
    });
    setBusy(false);
    if (!r.ok) return errors.fromResult(r, FIELDS);
    notify(r);
    onSaved();
  };
  return (
    <form className="auth-form member-edit__form" onSubmit={save} noValidate data-testid="album-text-form">
      <FormField
        label={t('album.title_label')}
        name="title"
        maxLength={100}
        defaultValue={album.title}
        error={errors.fields.title}
      />
      <label className="form-field">
        <span className="form-field__label">{t('album.desc_label')}</span>
        <textarea
          className="input comment-form__text"
          name="desc"
          rows={3}
          maxLength={2000}
          defaultValue={album.description}
        />
      </label>
      <FormError text={errors.form} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('album.save')}
      </button>
    </form>
  );
}

/** Photos added one by one through the album upload path, with the same checks as at creation. */
function AddPhotos({ albumId, onAdded }: { albumId: number; onAdded: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    setError(null);
    for (const [i, file] of files.entries()) {
      const form = new FormData();
      form.set('act', 'photo');
      form.set('album_id', String(albumId));
      form.set('file', file);
      const r = await uploadForm('/api/album_edit.php', form, (percent) =>
        setProgress(`${i + 1}/${files.length} · ${percent}%`),
      );
      if (!r.ok) setError(`${file.name}: ${errorText(t, r)}`);
      else notify({ ok: true, code: 'photo_added' });
    }
    setProgress(null);
    input.value = '';
    onAdded();
  };
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor="album-add-photos">
        {t('album.add_photos')}
      </label>
      <input
        id="album-add-photos"
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp"
        disabled={progress !== null}
        onChange={add}
        data-testid="album-add-photos"
      />
      <span className="image-upload__hint">{t('album_upload.photos_hint')}</span>
      {progress && <span role="status">{progress}</span>}
      <FormError text={error} />
    </div>
  );
}

export function AlbumEditor({ album }: { album: OwnAlbum }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { viewer } = useRootData();
  const [busy, setBusy] = useState(false);
  const refresh = () => revalidator.revalidate();
  const act = async (procedure: string, input: Record<string, unknown>) => {
    setBusy(true);
    const r = await postTrpc(procedure, { id: album.id, ...input });
    setBusy(false);
    notify(r);
    refresh();
    return r;
  };
  const remove = async () => {
    if (!window.confirm(t('album.delete_confirm', { title: album.title }))) return;
    const r = await act('albums.delete', {});
    if (r.ok) navigate(`/members/${viewer.memberId}/albums/1/`);
  };
  const total = album.photos.length;
  const hydrated = useHydrated();
  return (
    <div data-testid="album-editor" data-hydrated={hydrated}>
      <p className="album-edit__status" data-testid="album-status">
        {album.status === 'active' ? (
          <a href={`/album/${album.id}/${album.dir}/`}>{album.title}</a>
        ) : (
          t('album.pending')
        )}
      </p>
      <p className="account-section__hint">{t('album.moderation_note')}</p>
      <AlbumText album={album} onSaved={refresh} />
      <AddPhotos albumId={album.id} onAdded={refresh} />
      <ol className="album-edit__photos" aria-label={t('album.photos')}>
        {album.photos.map((p, i) => {
          const n = i + 1;
          const isCover = album.coverPhotoId === p.id;
          return (
            <li
              key={p.id}
              className={`album-edit__photo${isCover ? ' album-edit__photo--cover' : ''}`}
              data-testid="album-edit-photo"
            >
              <img
                src={p.url}
                alt={t('album.open_photo', { n, total })}
                width={200}
                height={150}
                loading="lazy"
              />
              {isCover && <span className="private-marker">{t('album.cover')}</span>}
              <div className="album-edit__tools">
                <button
                  type="button"
                  className="button"
                  disabled={busy || i === 0}
                  aria-label={t('album.move_up', { n })}
                  onClick={() => act('albums.movePhoto', { photoId: p.id, direction: 'up' })}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy || i === total - 1}
                  aria-label={t('album.move_down', { n })}
                  onClick={() => act('albums.movePhoto', { photoId: p.id, direction: 'down' })}
                >
                  ↓
                </button>
                {!isCover && (
                  <button
                    type="button"
                    className="button"
                    disabled={busy}
                    aria-label={t('album.make_cover', { n })}
                    onClick={() => act('albums.setCover', { photoId: p.id })}
                  >
                    {t('album.cover')}
                  </button>
                )}
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  aria-label={t('album.remove_photo', { n })}
                  onClick={() => {
                    if (window.confirm(t('album.remove_confirm', { n })))
                      act('albums.removePhoto', { photoId: p.id });
                  }}
                >
                  ✕
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="button button--danger" disabled={busy} onClick={remove}>
        {t('album.delete')}
      </button>
    </div>
  );
}
