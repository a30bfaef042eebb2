import { AppError } from '../../lib/app-error';
import { checkLength, maxLength, minLength, required } from '../shared/field-rules';
import { COMMON_PASSWORDS } from './common-passwords';

/** Spec §5 registration and login limits. */
export const NAME_MIN = 3;
export const NAME_MAX = 25;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 128;
const NAME_SYMBOLS = /^[A-Za-z0-9_-]+$/;

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
