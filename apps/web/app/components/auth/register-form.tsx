import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { postForm } from '../../lib/legacy-post';
import { FormError } from './form-error';
import { FormField } from './form-field';
import { useFormErrors } from './use-form-errors';

const FIELDS = ['usr', 'email', 'pwd', 'adult'] as const;
type Field = (typeof FIELDS)[number];
const NAME = /^[A-Za-z0-9_-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client's copy of the server's rules (spec §5), so most mistakes are caught before any request. */
function check(
  usr: string,
  email: string,
  pwd: string,
  adult: boolean,
): Partial<Record<Field, { code: string; info?: Record<string, unknown> }>> {
  const out: Partial<Record<Field, { code: string; info?: Record<string, unknown> }>> = {};
  if (!usr) out.usr = { code: 'required' };
  else if (usr.length < 3) out.usr = { code: 'min_length', info: { length: 3 } };
  else if (usr.length > 25) out.usr = { code: 'max_length', info: { length: 25 } };
  else if (!NAME.test(usr)) out.usr = { code: 'bad_symbols' };
  if (!email) out.email = { code: 'required' };
  else if (!EMAIL.test(email)) out.email = { code: 'invalid_email' };
  if (!pwd) out.pwd = { code: 'required' };
  else if (pwd.length < 5) out.pwd = { code: 'min_length', info: { length: 5 } };
  if (!adult) out.adult = { code: 'adult_required' };
  return out;
}

export function RegisterForm() {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'submitting' | 'done'>('idle');
  const [email, setEmail] = useState('');
  const errors = useFormErrors<Field>();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const usr = String(data.get('usr') ?? '').trim();
    const mail = String(data.get('email') ?? '').trim();
    const pwd = String(data.get('pwd') ?? '');
    const adult = data.get('adult') === '1';
    errors.clear();
    const problems = check(usr, mail, pwd, adult);
    if (Object.keys(problems).length > 0) {
      for (const [field, error] of Object.entries(problems)) errors.setField(field as Field, error!);
      return;
    }
    setState('submitting');
    const result = await postForm('/api/register.php', { usr, email: mail, pwd, adult: '1' });
    if (result.ok) {
      setEmail(mail);
      setState('done');
      return;
    }
    setState('idle');
    errors.fromResult(result, FIELDS);
  };

  if (state === 'done') {
    return (
      <div className="auth-done" role="status" data-testid="register-done">
        <h2 className="section-title">{t('auth.register.done_title')}</h2>
        <p>{t('auth.register.done', { email })}</p>
      </div>
    );
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid="register-form">
      <FormField
        label={t('auth.register.name')}
        name="usr"
        autoComplete="username"
        maxLength={25}
        error={errors.fields.usr}
      />
      <FormField
        label={t('auth.register.email')}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        error={errors.fields.email}
      />
      <FormField
        label={t('auth.register.password')}
        name="pwd"
        type="password"
        autoComplete="new-password"
        maxLength={128}
        error={errors.fields.pwd}
      />
      <label className="filter filter--checkbox">
        <input
          type="checkbox"
          name="adult"
          value="1"
          aria-invalid={errors.fields.adult ? true : undefined}
          aria-describedby={errors.fields.adult ? 'register-adult-error' : undefined}
        />
        <span>{t('auth.register.adult')}</span>
      </label>
      {errors.fields.adult && (
        <p id="register-adult-error" className="form-field__error" role="alert">
          {errors.fields.adult}
        </p>
      )}
      <FormError text={errors.form} />
      <button type="submit" className="button button--primary" disabled={state === 'submitting'}>
        {state === 'submitting' ? t('auth.register.submitting') : t('auth.register.submit')}
      </button>
      <p className="auth-form__links">
        <span>
          {t('auth.register.have_account')} <Link to="/login/">{t('auth.register.login_link')}</Link>
        </span>
      </p>
    </form>
  );
}
