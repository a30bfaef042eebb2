import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';
import { useLoginModal } from './auth/login-modal';
import { SiteLink } from './site-link';

// The member's menu and bell are a chunk of their own: most first loads are visitors'.
const MemberMenu = lazy(() => import('./member-menu'));

/** Spec §2: sign-in and sign-up for visitors, the member's menu (its own chunk) for members. */
export function AccountMenu() {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const login = useLoginModal();
  if (viewer.memberId !== null)
    return (
      <Suspense fallback={<div className="account-menu" />}>
        <MemberMenu />
      </Suspense>
    );
  return (
    <div className="account-menu">
      <button type="button" className="button" onClick={() => login.open()}>
        {t('account.sign_in')}
      </button>
      <SiteLink to="/register/" className="button button--primary">
        {t('account.sign_up')}
      </SiteLink>
    </div>
  );
}
