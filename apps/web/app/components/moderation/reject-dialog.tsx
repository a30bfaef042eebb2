import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../modal';

const NOTE_MAX = 500;

/** Reject with a reason from the list plus an optional note; the uploader reads both, translated. */
export function RejectDialog({
  count,
  reasons,
  onReject,
  onClose,
}: {
  count: number;
  reasons: readonly string[];
  onReject: (reason: string, note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(reasons[0] ?? 'other');
  const [note, setNote] = useState('');
  const tooLong = note.length > NOTE_MAX;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooLong) onReject(reason, note.trim());
  };
  return (
    <Modal
      title={t('moderation.reject.title', { count })}
      onClose={onClose}
      closeLabel={t('moderation.close')}
      testId="reject-dialog"
    >
      <form className="mod-form" onSubmit={submit}>
        <label className="mod-form__field">
          <span>{t('moderation.reject.reason')}</span>
          <select
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the dialog opens from the keyboard; the reason is what comes next
            autoFocus
          >
            {reasons.map((r) => (
              <option key={r} value={r}>
                {t(`moderation.reason.${r}` as 'moderation.reason.other')}
              </option>
            ))}
          </select>
        </label>
        <label className="mod-form__field">
          <span>{t('moderation.reject.note')}</span>
          <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} aria-invalid={tooLong} />
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
          <button type="submit" className="button button--danger" data-testid="reject-confirm">
            {t('moderation.reject.confirm', { count })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
