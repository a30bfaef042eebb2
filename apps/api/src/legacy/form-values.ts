import { AppError } from '../lib/app-error';

/** The legacy forms' fields whose bad value has a code of its own, `bad_{field}`. */
type FormField =
  | 'album_id'
  | 'message_id'
  | 'object_id'
  | 'playlist_id'
  | 'to'
  | 'video_id'
  | 'section'
  | 'type'
  | 'vote';

/** A positive numeric id from a form field, else 400 `bad_{field}`. */
export function formId(form: Record<string, string>, field: FormField): number {
  const v = form[field] ?? '';
  if (!/^[1-9]\d{0,9}$/.test(v)) throw new AppError(`bad_${field}`, { field });
  return Number(v);
}

export function formOneOf<T extends string>(
  form: Record<string, string>,
  field: FormField,
  allowed: readonly T[],
  fallback?: T,
): T {
  const v = form[field] ?? fallback;
  if (v === undefined || !(allowed as readonly string[]).includes(v))
    throw new AppError(`bad_${field}`, { field });
  return v as T;
}
