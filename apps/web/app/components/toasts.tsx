import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { PostResult } from '../lib/legacy-post';

/** Spec §2/§8: toasts vanish after 4 s or on click. */
export const TOAST_MS = 4000;

interface Toast {
  id: number;
  kind: 'success' | 'error';
  text: string;
}

interface ToastApi {
  show(kind: Toast['kind'], text: string): void;
}

const ToastContext = createContext<ToastApi>({ show() {} });

export const useToast = () => useContext(ToastContext);

/** Shows a member action's answer: `notify.{code}` for its success or error code. */
export function useNotify() {
  const { t } = useTranslation();
  const { show } = useToast();
  return useCallback(
    (result: PostResult<{ code?: string }>) => {
      const code = result.code ?? (result.ok ? 'done' : 'unknown');
      const text = t(`notify.${code}` as 'notify.done', {
        ...(result.ok ? {} : (result.info ?? {})),
        defaultValue: result.ok ? t('notify.done') : t('form.error.unknown'),
      });
      show(result.ok ? 'success' : 'error', text);
    },
    [t, show],
  );
}

function ToastItem({ toast, onDone }: { toast: Toast; onDone: (id: number) => void }) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const timer = setTimeout(() => done.current(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast.id]);
  return (
    <li>
      <button
        type="button"
        className={`toast toast--${toast.kind}`}
        onClick={() => onDone(toast.id)}
        data-testid="toast"
      >
        {toast.text}
      </button>
    </li>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const remove = useCallback((id: number) => setToasts((list) => list.filter((x) => x.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show(kind, text) {
        const id = next.current++;
        setToasts((list) => [...list.slice(-3), { id, kind, text }]);
      },
    }),
    [],
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ol className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDone={remove} />
        ))}
      </ol>
    </ToastContext.Provider>
  );
}
