import { useTranslation } from 'react-i18next';
import { redirect } from 'react-router';
import { AuthPage } from '../components/auth/auth-page';
import { RegisterForm } from '../components/auth/register-form';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import type { Route } from './+types/register';

export function loader({ context }: Route.LoaderArgs) {
  if (context.viewer.memberId !== null) throw redirect('/', 302);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('auth.register.title'), noindex: true });
}

export default function Register() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth.register.title')}>
      <RegisterForm />
    </AuthPage>
  );
}
