import type { Role } from '@vt/db';
import type Database from 'better-sqlite3';
import type { Clock } from '../shared/clock';
import { generateToken, hashToken } from './tokens';

const DAY = 86_400;
export const SESSION_TTL = 30 * DAY;
/** Sliding expiry: a session used in its last 15 days is extended to the full 30 again. */
const RENEW_WITHIN = 15 * DAY;
/** "Last seen" of a session is written at most this often, so a page view is not a write. */
const SEEN_EVERY = 300;
/** The public handle of a session in the member's list: a prefix of its hash, never the token. */
const KEY_LENGTH = 16;

export interface SessionSummary {
  key: string;
  userAgent: string | null;
  createdAt: number;
  lastSeenAt: number;
  current: boolean;
}

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
    `SELECT s.id, s.expires_at, s.last_seen_at, m.id AS member_id, m.name, m.role
     FROM sessions s JOIN members m ON m.id = s.member_id
     WHERE s.id = ? AND m.status = 'active'`,
  );
  const extend = sqlite.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?');
  const remove = sqlite.prepare('DELETE FROM sessions WHERE id = ?');
  const removeAll = sqlite.prepare('DELETE FROM sessions WHERE member_id = ?');
  const removeExpired = sqlite.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  const touch = sqlite.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
  const ofMember = sqlite.prepare(
    `SELECT id, user_agent, created_at, coalesce(last_seen_at, created_at) AS last_seen_at FROM sessions
     WHERE member_id = ? AND expires_at > ? ORDER BY coalesce(last_seen_at, created_at) DESC LIMIT 100`,
  );
  const removeByKey = sqlite.prepare(
    'DELETE FROM sessions WHERE member_id = ? AND substr(id, 1, ?) = ? AND id != ?',
  );
  const removeOthers = sqlite.prepare('DELETE FROM sessions WHERE member_id = ? AND id != ?');

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
        | {
            id: string;
            expires_at: number;
            last_seen_at: number | null;
            member_id: number;
            name: string;
            role: Role;
          }
        | undefined;
      if (!row) return null;
      const now = clock.now();
      if (row.expires_at <= now) {
        remove.run(id);
        return null;
      }
      if (row.last_seen_at === null || now - row.last_seen_at >= SEEN_EVERY) touch.run(now, id);
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

    /** The member's open sessions, the one of `currentToken` marked. */
    list(memberId: number, currentToken: string | null): SessionSummary[] {
      const current = currentToken ? hashToken(currentToken) : '';
      const rows = ofMember.all(memberId, clock.now()) as {
        id: string;
        user_agent: string | null;
        created_at: number;
        last_seen_at: number;
      }[];
      return rows.map((r) => ({
        key: r.id.slice(0, KEY_LENGTH),
        userAgent: r.user_agent,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        current: r.id === current,
      }));
    },

    /** Signs out one of the member's other sessions; another member's key matches nothing. */
    revoke(memberId: number, key: string, currentToken: string | null): boolean {
      const current = currentToken ? hashToken(currentToken) : '';
      return removeByKey.run(memberId, KEY_LENGTH, key.slice(0, KEY_LENGTH), current).changes > 0;
    },

    /** Signs the member out everywhere but in this browser. */
    invalidateOthers(memberId: number, currentToken: string | null): number {
      return removeOthers.run(memberId, currentToken ? hashToken(currentToken) : '').changes;
    },

    purgeExpired(): number {
      return removeExpired.run(clock.now()).changes;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
