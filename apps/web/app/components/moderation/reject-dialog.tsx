import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoteDialog } from './note-dialog';

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
  return (
    <NoteDialog
      title={t('moderation.reject.title', { count })}
      confirm={t('moderation.reject.confirm', { count })}
      danger
      noteLabel={t('moderation.reject.note')}
      testId="reject-dialog"
      confirmTestId="reject-confirm"
      onConfirm={(note) => onReject(reason, note)}
      onClose={onClose}
    >
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
    </NoteDialog>
  );
}
