import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import type { Provenance, StaffProvenance } from '../../lib/dto';
import { errorText } from '../../lib/form-errors';
import { formOf, type ProvenanceForm } from '../../lib/provenance';
import { ProvenanceFields } from '../provenance-fields';
import { useToast } from '../toasts';

/** The moderators' provenance form (a chunk of its own, loaded on the Edit button). */
export function ProvenanceEditor({
  videoId,
  record,
  onSaved,
  onCancel,
}: {
  videoId: number;
  record: Provenance | null;
  onSaved: (next: StaffProvenance) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { show } = useToast();
  const [values, setValues] = useState<ProvenanceForm>(() => formOf(record));
  const [errors, setErrors] = useState<Partial<Record<keyof ProvenanceForm, string>>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await apiClient().provenance.set.mutate({ videoId, record: values });
      const next = await apiClient().provenance.staff.query({ videoId });
      show('success', t('moderation.provenance.saved'));
      onSaved(next);
    } catch (err) {
      const data = (err as { data?: { code?: string; field?: string; info?: Record<string, unknown> } }).data;
      const text = errorText(t, { code: data?.code ?? 'unknown', info: data?.info });
      if (data?.field && data.field in values) setErrors({ [data.field]: text });
      else show('error', text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mod-form queue-provenance__form" onSubmit={submit} data-testid="provenance-editor">
      <ProvenanceFields values={values} onChange={setValues} errors={errors} className="mod-form__field" />
      <div className="mod-form__actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('moderation.provenance.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('moderation.provenance.save')}
        </button>
      </div>
    </form>
  );
}
