import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { AuthPage } from '../components/auth/auth-page';
import { LoginForm } from '../components/auth/login-form';
import { errorText } from '../lib/form-errors';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import type { Route } from './+types/login';

/** Only paths on this site: `?next=//evil.example` must not become an open redirect. */
const safeNext = (next: string | null) => (next && /^\/(?!\/)/.test(next) ? next : '/');

export function loader({ context, request }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  if (context.viewer.memberId !== null) throw redirect(next, 302);
  // An external sign-in that failed comes back here with its code.
  const error = new URL(request.url).searchParams.get('error');
  return { next, error: error && /^[a-z_]{1,40}$/.test(error) ? error : null };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('auth.login.title'), noindex: true });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth.login.title')}>
      {loaderData.error && (
        <p className="form-error" role="alert">
          {errorText(t, { code: loaderData.error })}
        </p>
      )}
      <LoginForm onSuccess={() => window.location.assign(loaderData.next)} />
    </AuthPage>
  );
}
