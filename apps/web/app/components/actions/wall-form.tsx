import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { errorText } from '../../lib/form-errors';
import { FormError } from '../auth/form-error';
import { useMemberAction } from './use-member-action';

/** Writing on a member's or model's wall; the wall reloads after a post. */
export function WallForm({ section, objectId }: { section: 'member' | 'model'; objectId: number }) {
  const { t } = useTranslation();
  const { run, busy } = useMemberAction();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const msg = String(new FormData(form).get('msg') ?? '').trim();
    if (msg.length < 2)
      return setError(errorText(t, { code: msg ? 'min_length' : 'required', info: { length: 2 } }));
    setError(null);
    const r = await run(
      '/api/input.php',
      { act: 'wall', section, object_id: objectId, msg },
      { quiet: true },
    );
    if (r?.ok) {
      form.reset();
      revalidator.revalidate();
    }
  };
  return (
    <form className="comment-form" onSubmit={submit} noValidate data-testid="wall-form">
      <textarea
        name="msg"
        className="input comment-form__text"
        rows={2}
        maxLength={1000}
        placeholder={t('actions.wall_placeholder')}
        aria-label={t('actions.wall_placeholder')}
      />
      <FormError text={error} />
      <button type="submit" className="button button--primary" disabled={busy}>
        {t('actions.wall_post')}
      </button>
    </form>
  );
}
