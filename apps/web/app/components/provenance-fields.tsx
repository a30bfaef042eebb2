import { useTranslation } from 'react-i18next';
import {
  decades,
  LICENCE_BASES,
  ORIGINAL_FORMATS,
  type ProvenanceForm,
  RECORDS_REF_MAX,
  RIGHTS_HOLDER_MAX,
  STUDIO_MAX,
} from '../lib/provenance';

/**
 * The provenance fields, shared by the upload form and the moderators' editor (ADR 0036). Controlled;
 * `errors` maps a field to its translated message. `name` attributes carry a prefix for plain forms.
 */
export function ProvenanceFields({
  values,
  onChange,
  errors = {},
  className = 'form-field',
}: {
  values: ProvenanceForm;
  onChange: (next: ProvenanceForm) => void;
  errors?: Partial<Record<keyof ProvenanceForm, string>>;
  className?: string;
}) {
  const { t } = useTranslation();
  // The selects offer only the form's own values, so any value they report is one of them.
  const set = (field: keyof ProvenanceForm) => (e: { target: { value: string } }) =>
    onChange({ ...values, [field]: e.target.value } as ProvenanceForm);
  const error = (field: keyof ProvenanceForm) =>
    errors[field] ? (
      <span className="form-field__error" role="alert">
        {errors[field]}
      </span>
    ) : null;
  const text = (field: 'studio' | 'rightsHolder' | 'recordsRef', max: number) => (
    <label className={className}>
      <span>{t(`provenance.field.${field}`)}</span>
      <input
        className="input"
        name={`prov_${field}`}
        value={values[field]}
        maxLength={max}
        onChange={set(field)}
        aria-invalid={Boolean(errors[field])}
      />
      {error(field)}
    </label>
  );
  return (
    <div className="provenance-fields">
      <label className={className}>
        <span>{t('provenance.field.year')}</span>
        <input
          className="input"
          name="prov_year"
          inputMode="numeric"
          pattern="[0-9]{4}"
          maxLength={4}
          value={values.year}
          onChange={set('year')}
          aria-invalid={Boolean(errors.year)}
        />
        {error('year')}
      </label>
      <label className={className}>
        <span>{t('provenance.field.decade')}</span>
        <select
          name="prov_decade"
          className="select"
          value={values.decade}
          onChange={set('decade')}
          aria-invalid={Boolean(errors.decade)}
        >
          <option value="">{t('provenance.unknown')}</option>
          {decades().map((d) => (
            <option key={d} value={String(d)}>
              {t('filter.decade.value', { decade: d })}
            </option>
          ))}
        </select>
        {error('decade')}
      </label>
      {text('studio', STUDIO_MAX)}
      {text('rightsHolder', RIGHTS_HOLDER_MAX)}
      <label className={className}>
        <span>{t('provenance.field.licenceBasis')}</span>
        <select
          name="prov_licenceBasis"
          className="select"
          value={values.licenceBasis}
          onChange={set('licenceBasis')}
        >
          <option value="">{t('provenance.unknown')}</option>
          {LICENCE_BASES.map((b) => (
            <option key={b} value={b}>
              {t(`provenance.licence.${b}`)}
            </option>
          ))}
        </select>
        {error('licenceBasis')}
      </label>
      <label className={className}>
        <span>{t('provenance.field.originalFormat')}</span>
        <select
          name="prov_originalFormat"
          className="select"
          value={values.originalFormat}
          onChange={set('originalFormat')}
        >
          <option value="">{t('provenance.unknown')}</option>
          {ORIGINAL_FORMATS.map((f) => (
            <option key={f} value={f}>
              {t(`provenance.format.${f}`)}
            </option>
          ))}
        </select>
        {error('originalFormat')}
      </label>
      {text('recordsRef', RECORDS_REF_MAX)}
    </div>
  );
}
