import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthPage } from '../components/auth/auth-page';
import { NewPasswordForm } from '../components/auth/restore-forms';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import type { Route } from './+types/restore-token';

/** `/restore-/?token=` (spec §2): the mailed link's page, where the new password is chosen. */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { token: /^[a-z2-7]{10,100}$/.test(token) ? token : null };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('auth.restore.new_title'), noindex: true });
}

export default function RestoreToken({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth.restore.new_title')}>
      {loaderData.token ? (
        <NewPasswordForm token={loaderData.token} />
      ) : (
        <p className="form-error" role="alert">
          {t('form.error.invalid_token')} <Link to="/restore/">{t('auth.restore.title')}</Link>
        </p>
      )}
    </AuthPage>
  );
}
