import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../lib/form-errors';
import { FormField } from '../auth/form-field';

export const LEGAL_FIELDS = ['signature', 'good_faith', 'content_url'] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];
const SIGNATURE_MAX = 200;

/** What a valid request under the TAKE IT DOWN Act needs, checked as the server checks it (ADR 0037). */
export function checkLegalFields(
  data: FormData,
  hasTarget: boolean,
): Partial<Record<LegalField, FieldError>> {
  const out: Partial<Record<LegalField, FieldError>> = {};
  if (!String(data.get('signature') ?? '').trim()) out.signature = { code: 'required' };
  if (!data.get('good_faith')) out.good_faith = { code: 'good_faith_required' };
  if (!hasTarget) {
    const url = String(data.get('content_url') ?? '').trim();
    if (!url) out.content_url = { code: 'required' };
    else if (!/^https?:\/\/\S+$/i.test(url)) out.content_url = { code: 'invalid_url' };
  }
  return out;
}

/**
 * The fields of a depicted person's removal request or a non-consensual imagery report: where the content
 * is (unless the form was opened from it), the good-faith statement and the electronic signature.
 */
export function RemovalRequestFields({
  hasTarget,
  errors,
}: {
  hasTarget: boolean;
  errors: Partial<Record<LegalField, string>>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="contact__legal" data-testid="removal-fields">
      <legend className="contact__hint">{t('info.contact.legal_intro')}</legend>
      {!hasTarget && (
        <FormField
          label={t('info.contact.content_url')}
          name="content_url"
          type="url"
          maxLength={2000}
          placeholder="https://"
          error={errors.content_url}
        />
      )}
      <div className={`form-field${errors.good_faith ? ' form-field--error' : ''}`}>
        <label className="contact__check" htmlFor={`${id}-good-faith`}>
          <input
            id={`${id}-good-faith`}
            type="checkbox"
            name="good_faith"
            value="1"
            aria-invalid={errors.good_faith ? true : undefined}
          />
          <span>{t('info.contact.good_faith')}</span>
        </label>
        {errors.good_faith && (
          <p className="form-field__error" role="alert">
            {errors.good_faith}
          </p>
        )}
      </div>
      <FormField
        label={t('info.contact.signature')}
        name="signature"
        autoComplete="name"
        maxLength={SIGNATURE_MAX}
        error={errors.signature}
      />
    </fieldset>
  );
}
