import { PREVIEW_MAX_BYTES, PREVIEW_TYPES, TITLE_MAX, TITLE_MIN } from '@vt/rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { errorText, type FieldError } from '../../lib/form-errors';
import { formOf, type ProvenanceForm } from '../../lib/provenance';
import { storePreviewImage } from '../../lib/upload-form';
import { Modal } from '../modal';
import { ProvenanceFields } from '../provenance-fields';
import { useToast } from '../toasts';
import { PreviewFileInput } from './preview-file-input';

type Client = ReturnType<typeof apiClient>;
type EditForm = Awaited<ReturnType<Client['uploads']['editForm']['query']>>;
type Model = EditForm['models'][number];
type Category = { dir: string; title: string };
type Field = 'title' | 'categories' | 'models' | 'preview' | 'form';

export const MAX_CATEGORIES = 3;
export const MAX_MODELS = 5;
/** The frame picker's tiles are this wide (app.css .frame-picker__frame). */
const FRAME_WIDTH = 120;

/** A tRPC error's translated code and field (errorFormatter puts both in `data`). */
function trpcProblem(error: unknown): { field: Field; error: FieldError } {
  const data = (error as { data?: { code?: string; field?: string } }).data;
  const code = data?.code && data.code !== 'BAD_REQUEST' ? data.code : 'bad_request';
  const field =
    (['title', 'categories', 'models', 'preview'] as const).find((f) => f === data?.field) ?? 'form';
  const info =
    code === 'too_many_categories'
      ? { max: MAX_CATEGORIES }
      : code === 'too_many_models'
        ? { max: MAX_MODELS }
        : undefined;
  return { field, error: { code, info } };
}

/** One way of choosing the preview image. */
function PreviewOption({
  checked,
  onChange,
  label,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
}) {
  return (
    <label className="filter filter--checkbox">
      <input type="radio" name="preview_mode" checked={checked} onChange={onChange} />
      <span>{label}</span>
    </label>
  );
}

/** The models search picker: type-ahead over existing models; the chosen ones are chips with a remove button. */
function ModelPicker({ chosen, onChange }: { chosen: Model[]; onChange: (models: Model[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Model[] | null>(null);
  const seq = useRef(0);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) return setFound(null);
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      apiClient()
        .uploads.models.query({ text: q })
        .then(
          (list) => mine === seq.current && setFound(list),
          () => mine === seq.current && setFound([]),
        );
    }, 200);
    return () => clearTimeout(timer);
  }, [text]);
  const add = (m: Model) => {
    if (!chosen.some((c) => c.id === m.id)) onChange([...chosen, m]);
    setText('');
    setFound(null);
  };
  const options = found?.filter((m) => !chosen.some((c) => c.id === m.id)) ?? null;
  return (
    <div className="model-picker" data-testid="model-picker">
      {chosen.length > 0 && (
        <ul className="model-picker__chosen">
          {chosen.map((m) => (
            <li key={m.id} className="model-picker__chip">
              <span>{m.title}</span>
              <button
                type="button"
                className="model-picker__remove"
                aria-label={t('upload.own.model_remove', { name: m.title })}
                onClick={() => onChange(chosen.filter((c) => c.id !== m.id))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        className="input form-field__input"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={t('upload.own.models_search')}
        placeholder={t('upload.own.models_search')}
        disabled={chosen.length >= MAX_MODELS}
        autoComplete="off"
      />
      {options && (
        <ul className="model-picker__options" aria-live="polite">
          {options.length === 0 ? (
            <li className="model-picker__none">{t('upload.own.models_none')}</li>
          ) : (
            options.map((m) => (
              <li key={m.id}>
                <button type="button" className="model-picker__option" onClick={() => add(m)}>
                  {m.title}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

/**
 * Edits one's own video: title, description, up to 3 categories, models from the picker and the preview
 * image (a frame of the video's timeline or one's own image). An approved video's edit waits for moderation.
 */
export function EditVideoDialog({
  videoId,
  onClose,
  onSaved,
}: {
  videoId: number;
  onClose: () => void;
  onSaved: (result: 'pending' | 'applied') => void;
}) {
  const { t } = useTranslation();
  const { show: toast } = useToast();
  const [form, setForm] = useState<EditForm | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [chosenCats, setChosenCats] = useState<string[]>([]);
  const [models, setModels] = useState<Model[]>([]);
  const [preview, setPreview] = useState<'keep' | 'frame' | 'image'>('keep');
  const [frame, setFrame] = useState<number | null>(null);
  const [problems, setProblems] = useState<Partial<Record<Field, FieldError>>>({});
  const [busy, setBusy] = useState(false);
  // The provenance record (ADR 0036): the uploader's to change until the first approval, then the moderators'.
  const [provenance, setProvenance] = useState<{ values: ProvenanceForm; editable: boolean } | null>(null);
  const [provenanceErrors, setProvenanceErrors] = useState<Partial<Record<keyof ProvenanceForm, string>>>({});

  useEffect(() => {
    const api = apiClient();
    api.provenance.own.query({ videoId }).then(
      (own) => setProvenance({ values: formOf(own.record), editable: own.editable }),
      () => setProvenance(null),
    );
    Promise.all([api.uploads.editForm.query({ videoId }), api.catalog.main.query()]).then(
      ([f, main]) => {
        setForm(f);
        setChosenCats(f.categories);
        setModels(f.models);
        setCategories(main.categories.map((c) => ({ dir: c.dir, title: c.title })));
      },
      (error: unknown) => setProblems({ form: trpcProblem(error).error }),
    );
  }, [videoId]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const title = String(data.get('title') ?? '').trim();
    const found: Partial<Record<Field, FieldError>> = {};
    if (!title) found.title = { code: 'title_required' };
    else if (title.length < TITLE_MIN) found.title = { code: 'min_length', info: { length: TITLE_MIN } };
    else if (title.length > TITLE_MAX) found.title = { code: 'max_length', info: { length: TITLE_MAX } };
    if (chosenCats.length > MAX_CATEGORIES)
      found.categories = { code: 'too_many_categories', info: { max: MAX_CATEGORIES } };
    const image = data.get('preview_image');
    const file = image instanceof File && image.size > 0 ? image : null;
    if (preview === 'frame' && frame === null) found.preview = { code: 'preview_required' };
    if (preview === 'image') {
      if (!file) found.preview = { code: 'preview_required' };
      else if (!(PREVIEW_TYPES as readonly string[]).includes(file.type))
        found.preview = { code: 'bad_file_type' };
      else if (file.size > PREVIEW_MAX_BYTES)
        found.preview = { code: 'file_too_large', info: { max: '10 MB' } };
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    let choice: { kind: 'keep' } | { kind: 'frame'; index: number } | { kind: 'image'; token: string } = {
      kind: 'keep',
    };
    if (preview === 'frame' && frame !== null) choice = { kind: 'frame', index: frame };
    if (preview === 'image' && file) {
      const stored = await storePreviewImage(file);
      if ('problem' in stored) {
        setBusy(false);
        return setProblems({ preview: stored.problem });
      }
      choice = { kind: 'image', token: stored.token };
    }
    if (provenance?.editable) {
      try {
        await apiClient().provenance.setOwn.mutate({ videoId, record: provenance.values });
        setProvenanceErrors({});
      } catch (error) {
        const data = (error as { data?: { code?: string; field?: string; info?: Record<string, unknown> } })
          .data;
        const text = errorText(t, { code: data?.code ?? 'unknown', info: data?.info });
        setBusy(false);
        if (data?.field && data.field in provenance.values)
          return setProvenanceErrors({ [data.field]: text });
        return setProblems({ form: { code: data?.code ?? 'unknown', info: data?.info } });
      }
    }
    try {
      const { result } = await apiClient().uploads.edit.mutate({
        videoId,
        title,
        description: String(data.get('description') ?? '').trim(),
        categories: chosenCats,
        models: models.map((m) => m.id),
        preview: choice,
      });
      toast('success', t(result === 'pending' ? 'upload.own.saved_pending' : 'upload.own.saved'));
      onSaved(result);
    } catch (error) {
      const p = trpcProblem(error);
      setProblems({ [p.field]: p.error });
    } finally {
      setBusy(false);
    }
  };

  const problem = (field: Field) =>
    problems[field] ? (
      <span className="form-field__error" role="alert">
        {errorText(t, problems[field])}
      </span>
    ) : null;

  return (
    <Modal
      title={t('upload.own.edit_title')}
      closeLabel={t('actions.close')}
      onClose={onClose}
      testId="edit-video-dialog"
    >
      {problem('form')}
      {form && (
        <form className="auth-form own-video-form" onSubmit={submit} noValidate>
          <label className="form-field">
            <span className="form-field__label">{t('upload.video_title')}</span>
            <input
              className="input form-field__input"
              name="title"
              defaultValue={form.title}
              maxLength={TITLE_MAX}
              aria-invalid={problems.title ? true : undefined}
            />
            {problem('title')}
          </label>
          <label className="form-field">
            <span className="form-field__label">{t('upload.description')}</span>
            <textarea
              className="input comment-form__text"
              name="description"
              rows={3}
              maxLength={2000}
              defaultValue={form.description}
            />
          </label>
          <fieldset className="form-field upload-form__categories">
            <legend className="form-field__label">{t('upload.categories')}</legend>
            {categories.map((c) => (
              <label key={c.dir} className="filter filter--checkbox">
                <input
                  type="checkbox"
                  value={c.dir}
                  checked={chosenCats.includes(c.dir)}
                  onChange={(e) =>
                    setChosenCats((cur) =>
                      e.target.checked ? [...cur, c.dir] : cur.filter((d) => d !== c.dir),
                    )
                  }
                />
                <span>{c.title}</span>
              </label>
            ))}
            {problem('categories')}
          </fieldset>
          <div className="form-field">
            <span className="form-field__label">{t('upload.own.models')}</span>
            <ModelPicker chosen={models} onChange={setModels} />
            {problem('models')}
          </div>
          <fieldset className="form-field upload-form__preview">
            <legend className="form-field__label">{t('upload.preview.label')}</legend>
            <PreviewOption
              checked={preview === 'keep'}
              onChange={() => setPreview('keep')}
              label={t('upload.own.preview_keep')}
            />
            {form.canChangePreview && form.frames.length > 0 && (
              <PreviewOption
                checked={preview === 'frame'}
                onChange={() => setPreview('frame')}
                label={t('upload.own.preview_frame')}
              />
            )}
            {preview === 'frame' && (
              <fieldset className="frame-picker">
                <legend className="visually-hidden">{t('upload.own.preview_frame')}</legend>
                {form.frames.map((f, i) => (
                  <label key={f.index} className="frame-picker__frame">
                    <input
                      type="radio"
                      name="frame"
                      className="visually-hidden"
                      checked={frame === f.index}
                      onChange={() => setFrame(f.index)}
                      aria-label={t('upload.own.frame', { n: i + 1 })}
                    />
                    {/* The tile is a region of a sprite sheet, scaled to the box (style set by React, so CSP allows it). */}
                    <img
                      src={`/thumbs/${f.src}`}
                      alt=""
                      className="frame-picker__sheet"
                      style={{
                        transform: `translate(${-f.x * (FRAME_WIDTH / f.w)}px, ${-f.y * (FRAME_WIDTH / f.w)}px) scale(${FRAME_WIDTH / f.w})`,
                      }}
                    />
                  </label>
                ))}
              </fieldset>
            )}
            {form.canChangePreview && (
              <PreviewOption
                checked={preview === 'image'}
                onChange={() => setPreview('image')}
                label={t('upload.preview.custom')}
              />
            )}
            {preview === 'image' && (
              <PreviewFileInput name="preview_image" invalid={Boolean(problems.preview)} />
            )}
            {!form.canChangePreview && (
              <span className="image-upload__hint">{t('form.error.preview_not_ready')}</span>
            )}
            {problem('preview')}
          </fieldset>
          {provenance?.editable && (
            <details className="form-field upload-form__provenance" data-testid="edit-provenance">
              <summary className="form-field__label">{t('upload.provenance.title')}</summary>
              <p className="form-field__hint">{t('upload.provenance.hint')}</p>
              <ProvenanceFields
                values={provenance.values}
                onChange={(values) => setProvenance({ ...provenance, values })}
                errors={provenanceErrors}
              />
            </details>
          )}
          {provenance && !provenance.editable && (
            <p className="form-field__hint">{t('form.error.provenance_locked')}</p>
          )}
          <div className="member-actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              {t('upload.own.save')}
            </button>
            <button type="button" className="button" onClick={onClose}>
              {t('upload.cancel')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** Asks before deleting one's own video; the server removes it everywhere and frees its files later. */
export function DeleteVideoDialog({
  video,
  onClose,
  onDeleted,
}: {
  video: { id: number; title: string };
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { show: toast } = useToast();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FieldError | null>(null);
  const remove = async () => {
    setBusy(true);
    try {
      await apiClient().uploads.delete.mutate({ videoId: video.id });
      toast('success', t('upload.own.deleted'));
      onDeleted();
    } catch (error) {
      setProblem(trpcProblem(error).error);
      setBusy(false);
    }
  };
  return (
    <Modal
      title={t('upload.own.delete_title')}
      closeLabel={t('actions.close')}
      onClose={onClose}
      testId="delete-video-dialog"
    >
      <p>{t('upload.own.delete_confirm', { title: video.title })}</p>
      {problem && (
        <p className="form-error" role="alert">
          {errorText(t, problem)}
        </p>
      )}
      <div className="member-actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={remove}>
          {t('actions.delete_video')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('upload.cancel')}
        </button>
      </div>
    </Modal>
  );
}
