import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postForm } from '../../lib/legacy-post';
import { FormError } from '../auth/form-error';
import { FormField } from '../auth/form-field';
import { useFormErrors } from '../auth/use-form-errors';

const FIELDS = ['title', 'desc'] as const;
/** Spec §5: title 3–100, description 5–500, both required. */
const LIMITS = { title: [3, 100], desc: [5, 500] } as const;

export interface PlaylistValues {
  title: string;
  desc: string;
  isPrivate: boolean;
}

/**
 * The playlist form of the add-to and edit modals: checks the spec's limits before sending, then posts
 * `fields` plus the values; server errors land on their field.
 */
export function PlaylistForm({
  initial,
  fields,
  submitLabel,
  onDone,
}: {
  initial?: PlaylistValues;
  fields: Record<string, string | number>;
  submitLabel: string;
  onDone: (result: { code: string }) => void;
}) {
  const { t } = useTranslation();
  const errors = useFormErrors<(typeof FIELDS)[number]>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values = {
      title: String(data.get('title') ?? '').trim(),
      desc: String(data.get('desc') ?? '').trim(),
    };
    errors.clear();
    let bad = false;
    for (const field of FIELDS) {
      const [min, max] = LIMITS[field];
      const v = values[field];
      if (!v) errors.setField(field, { code: 'required' });
      else if (v.length < min) errors.setField(field, { code: 'min_length', info: { length: min } });
      else if (v.length > max) errors.setField(field, { code: 'max_length', info: { length: max } });
      else continue;
      bad = true;
    }
    if (bad) return;
    setBusy(true);
    const r = await postForm<{ code: string }>('/api/input.php', {
      ...fields,
      ...values,
      visible: data.get('visible') ? 1 : 0,
    });
    setBusy(false);
    if (!r.ok) return errors.fromResult(r, FIELDS);
    form.reset();
    onDone(r);
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid="playlist-form">
      <FormField
        label={t('actions.playlist_title')}
        name="title"
        maxLength={100}
        defaultValue={initial?.title}
        error={errors.fields.title}
      />
      <FormField
        label={t('actions.playlist_desc')}
        name="desc"
        maxLength={500}
        defaultValue={initial?.desc}
        error={errors.fields.desc}
      />
      <label className="filter filter--checkbox">
        <input type="checkbox" name="visible" value="1" defaultChecked={!initial?.isPrivate} />
        <span>{t('actions.playlist_public')}</span>
      </label>
      <FormError text={errors.form} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
