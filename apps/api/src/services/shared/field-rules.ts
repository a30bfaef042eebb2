import { AppError } from '../../lib/app-error';

// The checks every form's text fields share: presence, length and e-mail addresses, each a translated error code.

// What HTML's type=email accepts: good enough to catch typos; the confirmation link proves the rest.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const required = (field: string) =>
  new AppError('required', { field, message: 'This field is required' });
export const minLength = (field: string, length: number) =>
  new AppError('min_length', {
    field,
    info: { length },
    message: `Must be at least ${length} characters long`,
  });
export const maxLength = (field: string, length: number) =>
  new AppError('max_length', {
    field,
    info: { length },
    message: `The length should be no more than ${length} characters`,
  });

/** Checks a length-bounded text field; returns it trimmed. */
export function checkLength(field: string, value: string | undefined, min: number, max: number): string {
  const v = (value ?? '').trim();
  if (!v) throw required(field);
  if (v.length < min) throw minLength(field, min);
  if (v.length > max) throw maxLength(field, max);
  return v;
}

export function checkEmail(value: string | undefined, field = 'email'): string {
  const email = (value ?? '').trim().toLowerCase();
  if (!email) throw required(field);
  if (email.length > 254 || !EMAIL.test(email))
    throw new AppError('invalid_email', { field, message: 'Email entered incorrectly' });
  return email;
}
