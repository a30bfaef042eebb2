import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { AuthPage } from '../components/auth/auth-page';
import { LoginForm } from '../components/auth/login-form';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import type { Route } from './+types/confirm';

/**
 * `/confirm/?token=` from the registration mail: activates the account, then offers sign-in.
 * `/confirm/?email=1&token=` from an email-change mail: the new address replaces the old one.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? '';
  const email = params.get('email') === '1';
  if (!token || token.length > 100) return data({ confirmed: false, email }, { status: 400 });
  try {
    if (email) await context.api.auth.confirmEmail({ token });
    else await context.api.auth.confirm({ token });
    return { confirmed: true, email };
  } catch {
    return data({ confirmed: false, email }, { status: 400 });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('auth.confirm.title'), noindex: true });
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth.confirm.title')}>
      {loaderData.confirmed && loaderData.email ? (
        <p className="auth-done" role="status" data-testid="confirm-done">
          {t('auth.confirm.email_done')}
        </p>
      ) : loaderData.confirmed ? (
        <>
          <p className="auth-done" role="status" data-testid="confirm-done">
            {t('auth.confirm.done')}
          </p>
          <LoginForm onSuccess={() => window.location.assign('/')} />
        </>
      ) : (
        <p className="form-error" role="alert">
          {t('auth.confirm.failed')}
        </p>
      )}
    </AuthPage>
  );
}
