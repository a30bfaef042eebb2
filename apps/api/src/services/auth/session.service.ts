import type { Role } from '@vt/db';
import type Database from 'better-sqlite3';
import type { Clock } from '../clock';
import { generateToken, hashToken } from './tokens';

const DAY = 86_400;
export const SESSION_TTL = 30 * DAY;
/** Sliding expiry: a session used in its last 15 days is extended to the full 30 again. */
const RENEW_WITHIN = 15 * DAY;

export interface SessionMember {
  id: number;
  name: string;
  role: Role;
}

export interface ValidSession {
  member: SessionMember;
  expiresAt: number;
  /** True when this request extended the session: the cookie must be sent again. */
  renewed: boolean;
}

/** Sessions after the Lucia guide: a random token in the cookie, its SHA-256 as the row id. */
export function createSessionService({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  const insert = sqlite.prepare(
    'INSERT INTO sessions (id, member_id, expires_at, created_at, user_agent) VALUES (?, ?, ?, ?, ?)',
  );
  const lookup = sqlite.prepare(
    `SELECT s.id, s.expires_at, m.id AS member_id, m.name, m.role
     FROM sessions s JOIN members m ON m.id = s.member_id
     WHERE s.id = ? AND m.status = 'active'`,
  );
  const extend = sqlite.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?');
  const remove = sqlite.prepare('DELETE FROM sessions WHERE id = ?');
  const removeAll = sqlite.prepare('DELETE FROM sessions WHERE member_id = ?');
  const removeExpired = sqlite.prepare('DELETE FROM sessions WHERE expires_at <= ?');

  return {
    create(memberId: number, userAgent: string | null): { token: string; expiresAt: number } {
      const token = generateToken();
      const now = clock.now();
      const expiresAt = now + SESSION_TTL;
      insert.run(hashToken(token), memberId, expiresAt, now, userAgent?.slice(0, 300) ?? null);
      return { token, expiresAt };
    },

    validate(token: string): ValidSession | null {
      const id = hashToken(token);
      const row = lookup.get(id) as
        | { id: string; expires_at: number; member_id: number; name: string; role: Role }
        | undefined;
      if (!row) return null;
      const now = clock.now();
      if (row.expires_at <= now) {
        remove.run(id);
        return null;
      }
      let expiresAt = row.expires_at;
      const renewed = expiresAt - now < RENEW_WITHIN;
      if (renewed) {
        expiresAt = now + SESSION_TTL;
        extend.run(expiresAt, id);
      }
      return { member: { id: row.member_id, name: row.name, role: row.role }, expiresAt, renewed };
    },

    invalidate(token: string): void {
      remove.run(hashToken(token));
    },

    /** Signs the member out everywhere (after a password change or a suspension). */
    invalidateAll(memberId: number): void {
      removeAll.run(memberId);
    },

    purgeExpired(): number {
      return removeExpired.run(clock.now()).changes;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
