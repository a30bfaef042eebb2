import { AppError } from '../../lib/app-error';
import { COMMON_PASSWORDS } from './common-passwords';

/** Spec §5 registration and login limits. */
export const NAME_MIN = 3;
export const NAME_MAX = 25;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 128;
const NAME_SYMBOLS = /^[A-Za-z0-9_-]+$/;
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

export function checkUsername(value: string | undefined, field = 'usr'): string {
  const name = checkLength(field, value, NAME_MIN, NAME_MAX);
  if (!NAME_SYMBOLS.test(name))
    throw new AppError('bad_symbols', {
      field,
      message: 'The username may contain only Latin letters, digits, "_" and "-"',
    });
  return name;
}

export function checkPassword(value: string | undefined, field = 'pwd'): string {
  const pwd = value ?? '';
  if (!pwd) throw required(field);
  if (pwd.length < PASSWORD_MIN) throw minLength(field, PASSWORD_MIN);
  if (pwd.length > PASSWORD_MAX) throw maxLength(field, PASSWORD_MAX);
  return pwd;
}

/** Refuses a password every guesser tries first, or the account's own name. */
export function checkNotWeak(password: string, name?: string, field = 'pwd'): void {
  const p = password.toLowerCase();
  if (COMMON_PASSWORDS.has(p) || (name !== undefined && p === name.toLowerCase()))
    throw new AppError('weak_password', {
      field,
      message: 'This password is too easy to guess. Please choose another one.',
    });
}

export function checkEmail(value: string | undefined, field = 'email'): string {
  const email = (value ?? '').trim().toLowerCase();
  if (!email) throw required(field);
  if (email.length > 254 || !EMAIL.test(email))
    throw new AppError('invalid_email', { field, message: 'Email entered incorrectly' });
  return email;
}
