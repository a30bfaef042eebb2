import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/** The signed known-device token (services/auth/known-device.ts); only the sign-in route reads it. */
export const DEVICE_COOKIE = 'vt_device';
const PATH = '/api/';

export const readDeviceToken = (c: Context) => getCookie(c, DEVICE_COOKIE) ?? null;

export function writeDeviceCookie(c: Context, token: string, expiresAt: number, secure: boolean): void {
  setCookie(c, DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: PATH,
    expires: new Date(expiresAt * 1000),
  });
}
