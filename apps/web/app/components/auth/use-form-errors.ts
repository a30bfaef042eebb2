import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type FieldError } from '../../lib/form-errors';
import type { PostResult } from '../../lib/legacy-post';

/** Field errors (keyed by the server's `field`) plus one error for the whole form. */
export function useFormErrors<F extends string>() {
  const { t } = useTranslation();
  const [fields, setFields] = useState<Partial<Record<F, string>>>({});
  const [form, setForm] = useState<string | null>(null);
  return {
    fields,
    form,
    clear() {
      setFields({});
      setForm(null);
    },
    setField(field: F, error: FieldError) {
      setFields((f) => ({ ...f, [field]: errorText(t, error) }));
    },
    /** Puts a server error on its field when the form has that field, else on the form. */
    fromResult(result: Exclude<PostResult, { ok: true }>, known: readonly F[]) {
      const text = errorText(t, result);
      if (result.field && (known as readonly string[]).includes(result.field))
        setFields({ [result.field]: text } as Partial<Record<F, string>>);
      else setForm(text);
    },
  };
}
