import { useTranslation } from 'react-i18next';
import { data } from 'react-router';
import { AuthPage } from '../components/auth/auth-page';
import { LoginForm } from '../components/auth/login-form';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import type { Route } from './+types/confirm';

/** `/confirm/?token=` from the registration mail: activates the account, then offers sign-in. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!token || token.length > 100) return data({ confirmed: false }, { status: 400 });
  try {
    await context.api.auth.confirm({ token });
    return { confirmed: true };
  } catch {
    return data({ confirmed: false }, { status: 400 });
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
      {loaderData.confirmed ? (
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
