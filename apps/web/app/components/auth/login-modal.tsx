import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../../lib/root-data';
import { Modal } from '../modal';
import { LoginForm } from './login-form';

interface LoginModalApi {
  open(): void;
  /** True when signed in; otherwise opens the login modal (spec §6) and returns false. */
  requireSignIn(): boolean;
}

const LoginModalContext = createContext<LoginModalApi>({ open() {}, requireSignIn: () => false });

export const useLoginModal = () => useContext(LoginModalContext);

/** Hosts the login modal any component can open; signing in reloads so every page sees the session. */
export function LoginModalProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const api = useMemo<LoginModalApi>(
    () => ({
      open: show,
      requireSignIn() {
        if (viewer.memberId !== null) return true;
        show();
        return false;
      },
    }),
    [show, viewer.memberId],
  );
  return (
    <LoginModalContext.Provider value={api}>
      {children}
      {open && (
        <Modal
          title={t('auth.login.title')}
          closeLabel={t('auth.login.close')}
          onClose={() => setOpen(false)}
          testId="login-modal"
        >
          <LoginForm onSuccess={() => window.location.reload()} />
        </Modal>
      )}
    </LoginModalContext.Provider>
  );
}
