import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../shared/clock';

/** How long a browser stays known after a successful sign-in (renewed at each one). */
export const KNOWN_DEVICE_TTL = 365 * 86_400;

export interface KnownDevice {
  memberId: number;
  /** The device's own random id: its wrong passwords are counted under it. */
  id: string;
}

/**
 * "Known device" tokens (OWASP's device cookies): a browser that signed in to a member with the right
 * password gets a signed token naming that member, and later sign-ins from it skip the per-name and
 * per-address lockout, so a stranger's wrong passwords never lock the member out of their own browser.
 */
export function createKnownDevices({ secret, clock }: { secret: string; clock: Clock }) {
  // A key of its own, so a device token can never pass for any other signed value of the site.
  const key = createHmac('sha256', secret).update('vt known-device v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    issue(memberId: number): { token: string; expiresAt: number } {
      const expiresAt = clock.now() + KNOWN_DEVICE_TTL;
      const payload = `${memberId}.${expiresAt}.${randomBytes(16).toString('base64url')}`;
      return { token: `${payload}.${mac(payload)}`, expiresAt };
    },

    verify(token: string | null | undefined): KnownDevice | null {
      const m = /^(\d{1,12})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/.exec(token ?? '');
      if (!m) return null;
      const payload = `${m[1]}.${m[2]}.${m[3]}`;
      const given = Buffer.from(m[4]!);
      const expected = Buffer.from(mac(payload));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (Number(m[2]) <= clock.now()) return null;
      return { memberId: Number(m[1]), id: m[3]! };
    },
  };
}

export type KnownDevices = ReturnType<typeof createKnownDevices>;
