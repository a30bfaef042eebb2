import type { Role } from '@vt/db';
import type { Clock } from '../shared/clock';
import type { SessionsRepository } from './sessions.repository';
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
export function createSessionService({ repo, clock }: { repo: SessionsRepository; clock: Clock }) {
  return {
    async create(memberId: number, userAgent: string | null): Promise<{ token: string; expiresAt: number }> {
      const token = generateToken();
      const now = clock.now();
      const expiresAt = now + SESSION_TTL;
      await repo.insert({
        id: hashToken(token),
        memberId,
        expiresAt,
        createdAt: now,
        userAgent: userAgent?.slice(0, 300) ?? null,
      });
      return { token, expiresAt };
    },

    async validate(token: string): Promise<ValidSession | null> {
      const id = hashToken(token);
      const row = await repo.findWithActiveMember(id);
      if (!row) return null;
      const now = clock.now();
      if (row.expires_at <= now) {
        await repo.remove(id);
        return null;
      }
      if (row.last_seen_at === null || now - row.last_seen_at >= SEEN_EVERY) await repo.touch(id, now);
      let expiresAt = row.expires_at;
      const renewed = expiresAt - now < RENEW_WITHIN;
      if (renewed) {
        expiresAt = now + SESSION_TTL;
        await repo.setExpiry(id, expiresAt);
      }
      return { member: { id: row.member_id, name: row.name, role: row.role }, expiresAt, renewed };
    },

    async invalidate(token: string): Promise<void> {
      await repo.remove(hashToken(token));
    },

    /** Signs the member out everywhere (after a password change or a suspension). */
    async invalidateAll(memberId: number): Promise<void> {
      await repo.removeAllOf(memberId);
    },

    /** The member's open sessions, the one of `currentToken` marked. */
    async list(memberId: number, currentToken: string | null): Promise<SessionSummary[]> {
      const current = currentToken ? hashToken(currentToken) : '';
      const rows = await repo.listOf(memberId, clock.now(), 100);
      return rows.map((r) => ({
        key: r.id.slice(0, KEY_LENGTH),
        userAgent: r.user_agent,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        current: r.id === current,
      }));
    },

    /** Signs out one of the member's other sessions; another member's key matches nothing. */
    async revoke(memberId: number, key: string, currentToken: string | null): Promise<boolean> {
      const current = currentToken ? hashToken(currentToken) : '';
      return (
        (await repo.removeOthersOf(memberId, current, {
          length: KEY_LENGTH,
          key: key.slice(0, KEY_LENGTH),
        })) > 0
      );
    },

    /** Signs the member out everywhere but in this browser. */
    invalidateOthers(memberId: number, currentToken: string | null): Promise<number> {
      return repo.removeOthersOf(memberId, currentToken ? hashToken(currentToken) : '');
    },

    purgeExpired(): Promise<number> {
      return repo.removeExpired(clock.now());
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
