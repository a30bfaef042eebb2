import { useTranslation } from 'react-i18next';
import { AuthPage } from '../components/auth/auth-page';
import { RestoreRequestForm } from '../components/auth/restore-forms';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import type { Route } from './+types/restore';

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('auth.restore.title'), noindex: true });
}

/** `/restore/`: asks for the account's email and mails a one-time link to `/restore-/`. */
export default function Restore() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('auth.restore.title')}>
      <RestoreRequestForm />
    </AuthPage>
  );
}
