import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { postForm } from '../../lib/legacy-post';
import { FormError } from './form-error';
import { FormField } from './form-field';
import { useFormErrors } from './use-form-errors';

/** Step 1 of restoring a password: mail a link to the account's address. */
export function RestoreRequestForm() {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'submitting' | 'sent'>('idle');
  const [email, setEmail] = useState('');
  const errors = useFormErrors<'email'>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    errors.clear();
    if (!value) return errors.setField('email', { code: 'required' });
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return errors.setField('email', { code: 'invalid_email' });
    setState('submitting');
    const result = await postForm('/api/restore.php', { email: value });
    if (result.ok) {
      setEmail(value);
      setState('sent');
      return;
    }
    setState('idle');
    errors.fromResult(result, ['email']);
  };
  if (state === 'sent')
    return (
      <p className="auth-done" role="status" data-testid="restore-sent">
        {t('auth.restore.sent', { email })}
      </p>
    );
  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid="restore-form">
      <p>{t('auth.restore.text')}</p>
      <FormField
        label={t('auth.restore.email')}
        name="email"
        type="email"
        autoComplete="email"
        error={errors.fields.email}
      />
      <FormError text={errors.form} />
      <button type="submit" className="button button--primary" disabled={state === 'submitting'}>
        {state === 'submitting' ? t('auth.restore.submitting') : t('auth.restore.submit')}
      </button>
    </form>
  );
}

/** Step 2, on the page the mailed link opens: choose the new password. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'submitting' | 'changed'>('idle');
  const errors = useFormErrors<'pwd'>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pwd = String(new FormData(event.currentTarget).get('pwd') ?? '');
    errors.clear();
    if (!pwd) return errors.setField('pwd', { code: 'required' });
    if (pwd.length < 5) return errors.setField('pwd', { code: 'min_length', info: { length: 5 } });
    setState('submitting');
    const result = await postForm('/api/restore.php', { token, pwd });
    if (result.ok) return setState('changed');
    setState('idle');
    errors.fromResult(result, ['pwd']);
  };
  if (state === 'changed')
    return (
      <p className="auth-done" role="status" data-testid="password-changed">
        {t('auth.restore.changed')} <Link to="/login/">{t('auth.register.login_link')}</Link>
      </p>
    );
  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid="new-password-form">
      <FormField
        label={t('auth.restore.new_password')}
        name="pwd"
        type="password"
        autoComplete="new-password"
        maxLength={128}
        error={errors.fields.pwd}
      />
      <FormError text={errors.form} />
      <button type="submit" className="button button--primary" disabled={state === 'submitting'}>
        {t('auth.restore.new_submit')}
      </button>
    </form>
  );
}
