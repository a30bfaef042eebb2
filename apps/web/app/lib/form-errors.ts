import type { TFunction } from 'i18next';

export interface FieldError {
  code: string;
  info?: Record<string, unknown>;
}

/** The translated text for a server or client error code (`form.error.{code}`), falling back to a generic one. */
export function errorText(t: TFunction, error: FieldError): string {
  const key = `form.error.${error.code}`;
  return t(key as 'form.error.unknown', { ...(error.info ?? {}), defaultValue: t('form.error.unknown') });
}
