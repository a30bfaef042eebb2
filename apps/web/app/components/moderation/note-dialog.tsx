import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal';

const NOTE_MAX = 500;

/**
 * Confirms a moderation action and asks for the note the audit log keeps with it; `children` are fields
 * asked before the note (the reject dialog's reason), which then takes the focus.
 */
export function NoteDialog({
  title,
  confirm,
  danger = false,
  noteLabel,
  testId = 'note-dialog',
  confirmTestId = 'note-confirm',
  children,
  onConfirm,
  onClose,
}: {
  title: string;
  confirm: string;
  danger?: boolean;
  noteLabel?: string;
  testId?: string;
  confirmTestId?: string;
  children?: ReactNode;
  onConfirm: (note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const tooLong = note.length > NOTE_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) onConfirm(note.trim());
  };
  return (
    <Modal title={title} onClose={onClose} closeLabel={t('moderation.close')} testId={testId}>
      <form className="mod-form" onSubmit={submit}>
        {children}
        <label className="mod-form__field">
          <span>{noteLabel ?? t('moderation.note')}</span>
          <textarea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            aria-invalid={tooLong}
            // biome-ignore lint/a11y/noAutofocus: without other fields the note is what the dialog asks for
            autoFocus={!children}
          />
          {tooLong && (
            <span className="mod-form__error" role="alert">
              {t('form.error.max_length', { length: NOTE_MAX })}
            </span>
          )}
        </label>
        <div className="mod-form__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('moderation.cancel')}
          </button>
          <button
            type="submit"
            className={`button ${danger ? 'button--danger' : 'button--primary'}`}
            data-testid={confirmTestId}
          >
            {confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
