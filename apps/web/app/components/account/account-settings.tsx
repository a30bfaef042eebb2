import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { formatDate } from '../../lib/intl';
import { postTrpc } from '../../lib/trpc-post';
import { useHydrated } from '../../lib/use-hydrated';
import { FormError } from '../auth/form-error';
import { FormField } from '../auth/form-field';
import { useFormErrors } from '../auth/use-form-errors';
import { useNotify } from '../toasts';

export interface AccountOverview {
  email: string;
  sessions: {
    key: string;
    userAgent: string | null;
    createdAt: number;
    lastSeenAt: number;
    current: boolean;
  }[];
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];
const first = (ua: string, table: [RegExp, string][]) => table.find(([re]) => re.test(ua))?.[1];

/** A short "Firefox on Android" for a stored user agent; product names are not translated. */
function Device({ ua }: { ua: string | null }) {
  const { t } = useTranslation();
  const browser = ua ? first(ua, BROWSERS) : undefined;
  const system = ua ? first(ua, SYSTEMS) : undefined;
  if (browser && system) return <strong>{t('member_edit.account.session_on', { browser, system })}</strong>;
  return <strong>{browser ?? system ?? t('member_edit.account.session_unknown')}</strong>;
}

/** One settings form: its fields' errors, a busy flag, and a submit that posts a tRPC mutation. */
function useSettingsForm<F extends string>(fields: readonly F[]) {
  const errors = useFormErrors<F>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const submit =
    (procedure: string, read: (data: FormData) => unknown, done?: (form: HTMLFormElement) => void) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      errors.clear();
      setBusy(true);
      const r = await postTrpc(procedure, read(new FormData(form)));
      setBusy(false);
      if (!r.ok) return errors.fromResult(r, fields);
      notify(r);
      done?.(form);
    };
  return { errors, busy, submit };
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="account-section" data-testid={testId}>
      <h2 className="section-title">{title}</h2>
      {children}
    </section>
  );
}

const PASSWORD_FIELDS = ['current', 'pwd'] as const;

function PasswordSection() {
  const { t } = useTranslation();
  const { errors, busy, submit } = useSettingsForm(PASSWORD_FIELDS);
  return (
    <Section title={t('member_edit.account.password_title')} testId="account-password">
      <form
        className="auth-form"
        noValidate
        onSubmit={submit(
          'account.changePassword',
          (d) => ({ current: String(d.get('current') ?? ''), pwd: String(d.get('pwd') ?? '') }),
          (form) => form.reset(),
        )}
      >
        <FormField
          label={t('member_edit.account.current')}
          name="current"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          error={errors.fields.current}
        />
        <FormField
          label={t('member_edit.account.new_password')}
          name="pwd"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          error={errors.fields.pwd}
        />
        <p className="account-section__hint">{t('member_edit.account.password_hint')}</p>
        <FormError text={errors.form} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('member_edit.account.password_submit')}
        </button>
      </form>
    </Section>
  );
}

const EMAIL_FIELDS = ['current', 'email'] as const;

function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const { errors, busy, submit } = useSettingsForm(EMAIL_FIELDS);
  return (
    <Section title={t('member_edit.account.email_title')} testId="account-email">
      <p>{t('member_edit.account.email_now', { email })}</p>
      <form
        className="auth-form"
        noValidate
        onSubmit={submit(
          'account.changeEmail',
          (d) => ({ current: String(d.get('current') ?? ''), email: String(d.get('email') ?? '') }),
          (form) => form.reset(),
        )}
      >
        <FormField
          label={t('member_edit.account.new_email')}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          error={errors.fields.email}
        />
        <FormField
          label={t('member_edit.account.current')}
          name="current"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          error={errors.fields.current}
        />
        <p className="account-section__hint">{t('member_edit.account.email_hint')}</p>
        <FormError text={errors.form} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('member_edit.account.email_submit')}
        </button>
      </form>
    </Section>
  );
}

function SessionsSection({ sessions, lang }: { sessions: AccountOverview['sessions']; lang: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const act = async (procedure: string, input: unknown) => {
    setBusy(true);
    notify(await postTrpc(procedure, input));
    setBusy(false);
    revalidator.revalidate();
  };
  return (
    <Section title={t('member_edit.account.sessions_title')} testId="account-sessions">
      <ul className="account-sessions">
        {sessions.map((s) => (
          <li key={s.key} className="account-sessions__item" data-testid="account-session">
            <span className="account-sessions__text">
              <Device ua={s.userAgent} />
              {s.current && (
                <span className="account-sessions__current">{t('member_edit.account.session_current')}</span>
              )}
              <span className="account-sessions__times">
                {t('member_edit.account.session_times', {
                  created: formatDate(s.createdAt, lang),
                  seen: formatDate(s.lastSeenAt, lang),
                })}
              </span>
            </span>
            {!s.current && (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => act('account.revokeSession', { key: s.key })}
              >
                {t('member_edit.account.sign_out')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {sessions.length > 1 && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => act('account.signOutOthers', {})}
        >
          {t('member_edit.account.sign_out_others')}
        </button>
      )}
    </Section>
  );
}

function ExportSection() {
  const { t } = useTranslation();
  return (
    <Section title={t('member_edit.account.export_title')} testId="account-export">
      <p className="account-section__hint">{t('member_edit.account.export_hint')}</p>
      <a className="button" href="/api/account/export.json" download>
        {t('member_edit.account.export_button')}
      </a>
    </Section>
  );
}

const DELETE_FIELDS = ['pwd', 'comments'] as const;

function DeleteSection() {
  const { t } = useTranslation();
  const { errors, busy, submit } = useSettingsForm(DELETE_FIELDS);
  const onSubmit = submit(
    'account.delete',
    (d) => ({ pwd: String(d.get('pwd') ?? ''), comments: String(d.get('comments') ?? 'remove') }),
    // The session went with the account.
    () => window.location.assign('/'),
  );
  return (
    <Section title={t('member_edit.account.delete_title')} testId="account-delete">
      <p className="account-section__hint">{t('member_edit.account.delete_hint')}</p>
      <form
        className="auth-form"
        noValidate
        onSubmit={(event) => {
          if (!window.confirm(t('member_edit.account.delete_confirm'))) return event.preventDefault();
          return onSubmit(event);
        }}
      >
        <fieldset className="account-section__choice">
          <legend className="form-field__label">{t('member_edit.account.delete_comments')}</legend>
          <label className="filter filter--checkbox">
            <input type="radio" name="comments" value="remove" defaultChecked />
            <span>{t('member_edit.account.delete_remove')}</span>
          </label>
          <label className="filter filter--checkbox">
            <input type="radio" name="comments" value="anonymise" />
            <span>{t('member_edit.account.delete_anonymise')}</span>
          </label>
        </fieldset>
        <FormField
          label={t('member_edit.account.delete_password')}
          name="pwd"
          type="password"
          autoComplete="current-password"
          maxLength={128}
          error={errors.fields.pwd}
        />
        <FormError text={errors.form} />
        <button type="submit" className="button button--danger" disabled={busy}>
          {t('member_edit.account.delete_submit')}
        </button>
      </form>
    </Section>
  );
}

/** The account part of /member_edit/: password, email, sessions, export and deletion (ADR 0030). */
export function AccountSettings({ account, lang }: { account: AccountOverview; lang: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <div className="account-settings" data-testid="account-settings" data-hydrated={hydrated}>
      <h2 className="page-title account-settings__title">{t('member_edit.account.title')}</h2>
      <PasswordSection />
      <EmailSection email={account.email} />
      <SessionsSection sessions={account.sessions} lang={lang} />
      <ExportSection />
      <DeleteSection />
    </div>
  );
}
