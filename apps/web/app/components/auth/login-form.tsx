import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { postForm } from '../../lib/legacy-post';
import { useRootData } from '../../lib/root-data';
import { FormError } from './form-error';
import { FormField } from './form-field';
import { useFormErrors } from './use-form-errors';

const FIELDS = ['usr', 'pwd'] as const;

/**
 * Sign-in (spec §5 and §8): idle, submitting and error states. Empty fields are 'required'; a name under
 * 3 or a password under 5 characters is 'Invalid name or password' before any request is made.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'submitting'>('idle');
  const errors = useFormErrors<(typeof FIELDS)[number]>();
  const { externalSignIn } = useRootData();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const usr = String(data.get('usr') ?? '').trim();
    const pwd = String(data.get('pwd') ?? '');
    errors.clear();
    if (!usr || !pwd) {
      if (!usr) errors.setField('usr', { code: 'required' });
      if (!pwd) errors.setField('pwd', { code: 'required' });
      return;
    }
    if (usr.length < 3 || pwd.length < 5) {
      errors.setField('usr', { code: 'invalid_usr_or_pwd' });
      return;
    }
    setState('submitting');
    const result = await postForm('/api/login.php', { usr, pwd });
    if (result.ok) return onSuccess();
    setState('idle');
    errors.fromResult(result, FIELDS);
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid="login-form">
      <FormField
        label={t('auth.login.name')}
        name="usr"
        autoComplete="username"
        maxLength={25}
        error={errors.fields.usr}
      />
      <FormField
        label={t('auth.login.password')}
        name="pwd"
        type="password"
        autoComplete="current-password"
        maxLength={128}
        error={errors.fields.pwd}
      />
      <FormError text={errors.form} />
      <button type="submit" className="button button--primary" disabled={state === 'submitting'}>
        {state === 'submitting' ? t('auth.login.submitting') : t('auth.login.submit')}
      </button>
      {externalSignIn && (
        <a href="/api/.g.php" className="button" data-testid="external-sign-in">
          {t('auth.login.external')}
        </a>
      )}
      <p className="auth-form__links">
        <Link to="/restore/">{t('auth.login.forgot')}</Link>
        <span>
          {t('auth.login.no_account')} <Link to="/register/">{t('auth.login.register_link')}</Link>
        </span>
      </p>
    </form>
  );
}
