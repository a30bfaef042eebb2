import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';

interface ModalProps {
  title: string;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal dialog on the native <dialog>: focus stays inside, Esc and a click on the backdrop close it,
 * and so does a route change (spec §4). Mount it to open it.
 */
export function Modal({ title, onClose, closeLabel, children, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const location = useLocation();
  const openedAt = useRef(location.key);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  useEffect(() => {
    if (location.key !== openedAt.current) closeRef.current();
  }, [location.key]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the native dialog closes on Esc itself; the click is only the backdrop's
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={() => closeRef.current()}
      onClick={(event) => {
        if (event.target === ref.current) closeRef.current();
      }}
    >
      <div className="modal__body">
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
