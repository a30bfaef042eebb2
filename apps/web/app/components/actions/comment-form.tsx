import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { errorText } from '../../lib/form-errors';
import { postForm } from '../../lib/legacy-post';
import { useNotify } from '../toasts';

const MIN = 5;
const MAX = 1000;

/**
 * Posting a comment (spec §5): at least 5 characters, checked before sending; server errors show as
 * `form.error.{code}` under the box. The list reloads fresh (lifetime 0) after a post.
 */
export function CommentForm({ section, objectId }: { section: string; objectId: number }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const [state, setState] = useState<'idle' | 'submitting'>('idle');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const msg = String(new FormData(form).get('msg') ?? '').trim();
    if (!msg) return setError(errorText(t, { code: 'required' }));
    if (msg.length < MIN) return setError(errorText(t, { code: 'min_length', info: { length: MIN } }));
    setError(null);
    setState('submitting');
    const r = await postForm('/api/stats.php', { act: 'comm', section, object_id: objectId, msg });
    setState('idle');
    if (!r.ok) return setError(errorText(t, r));
    form.reset();
    notify({ ok: true, code: 'comment_added' });
    revalidator.revalidate();
  };

  return (
    <form className="comment-form" onSubmit={submit} noValidate data-testid="comment-form">
      <textarea
        name="msg"
        className="input comment-form__text"
        rows={3}
        maxLength={MAX}
        placeholder={t('actions.comment_placeholder')}
        aria-label={t('actions.comment_placeholder')}
        aria-invalid={error ? true : undefined}
      />
      {error && (
        <p className="form-error" role="alert" data-testid="comment-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={state === 'submitting'}>
        {state === 'submitting' ? t('actions.comment_posting') : t('actions.comment_post')}
      </button>
    </form>
  );
}
