import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';

interface ModalProps {
  title: string;
  /** Called when the visitor dismisses the modal (× button, Esc, backdrop, route change). */
  onClose?: () => void;
  /** The × button's label; without it there is no × button. */
  closeLabel?: string;
  children: ReactNode;
  testId?: string;
  /**
   * For the age verification modal (spec §4): it stays open across route changes and neither Esc nor a
   * click outside closes it; only its own buttons do.
   */
  persistent?: boolean;
}

/**
 * Every modal of the site (login, contact, add-to, share, playlist create/edit, download gate, age
 * verification) is this component, so one rule holds for all: a route change closes it, unless it is
 * `persistent`. Built on the native <dialog>: focus stays inside, the page behind is inert, Esc and a
 * click on the backdrop close it. Mount it to open it.
 */
export function Modal({ title, onClose, closeLabel, children, testId, persistent = false }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const location = useLocation();
  const openedAt = useRef(location.key);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const persistentRef = useRef(persistent);
  persistentRef.current = persistent;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    if (location.key !== openedAt.current && !persistentRef.current) closeRef.current?.();
  }, [location.key]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the native dialog closes on Esc itself; the click is only the backdrop's
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        // Esc: a persistent modal stays; any other closes through onClose.
        if (persistentRef.current) event.preventDefault();
      }}
      onClose={() => closeRef.current?.()}
      onClick={(event) => {
        if (event.target === ref.current && !persistentRef.current) closeRef.current?.();
      }}
    >
      <div className="modal__body">
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {closeLabel && onClose && (
            <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}
