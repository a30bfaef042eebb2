import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal';

const NOTE_MAX = 500;

/** Confirms a moderation action and asks for the note the audit log keeps with it. */
export function NoteDialog({
  title,
  confirm,
  danger = false,
  onConfirm,
  onClose,
}: {
  title: string;
  confirm: string;
  danger?: boolean;
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
    <Modal title={title} onClose={onClose} closeLabel={t('moderation.close')} testId="note-dialog">
      <form className="mod-form" onSubmit={submit}>
        <label className="mod-form__field">
          <span>{t('moderation.note')}</span>
          <textarea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            aria-invalid={tooLong}
            // biome-ignore lint/a11y/noAutofocus: the note is the only thing this dialog asks for
            autoFocus
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
            data-testid="note-confirm"
          >
            {confirm}
          </button>
        </div>
      </form>
    </Modal>
  );
}
