import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useRootData } from '../../lib/root-data';

// Fetched when the modal opens, so the dialog and its form stay out of every page's first load.
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));

interface LoginModalApi {
  open(): void;
  /** True when signed in; otherwise opens the login modal (spec §6) and returns false. */
  requireSignIn(): boolean;
}

const LoginModalContext = createContext<LoginModalApi>({ open() {}, requireSignIn: () => false });

export const useLoginModal = () => useContext(LoginModalContext);

/** Hosts the login modal any component can open; signing in reloads so every page sees the session. */
export function LoginModalProvider({ children }: { children: ReactNode }) {
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
        <Suspense fallback={null}>
          <LoginDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </LoginModalContext.Provider>
  );
}
