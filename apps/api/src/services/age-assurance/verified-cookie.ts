import { createHmac, timingSafeEqual } from 'node:crypto';

export type AgeMethod = 'modal' | 'redirect';

/**
 * The "age verified" cookie value: `{method}.{issued at}.{signature}`. Signed, so that under the redirect
 * provider nobody can skip the provider by writing the cookie themselves; the method is kept so that a
 * switch from the modal to a provider asks visitors again.
 */
export function signVerified(key: string, method: AgeMethod, issuedAt: number): string {
  const data = `${method}.${issuedAt}`;
  return `${data}.${mac(key, data)}`;
}

export function readVerified(
  key: string,
  value: string | undefined,
): { method: AgeMethod; issuedAt: number } | null {
  if (!value) return null;
  const match = /^(modal|redirect)\.(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(value);
  if (!match) return null;
  const expected = Buffer.from(mac(key, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { method: match[1] as AgeMethod, issuedAt: Number(match[2]) };
}

const mac = (key: string, data: string) => createHmac('sha256', key).update(data).digest('base64url');
