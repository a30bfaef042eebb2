import type { DataLayer } from '@vt/db';
import { sql } from 'kysely';
import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../../lib/app-error';
import type { AttemptLimiter } from './attempt-limiter';
import { LIMITS, type LimitName, VIEW_WINDOW, VIEWS_PER_ADDRESS } from './limits';

/** One table for every limiter; each keeps its rows apart by its key prefix (the limit's name). */
const TABLE = 'rate_limits';
const PURGE_EVERY_MS = 10 * 60_000;

export const tooManyRequests = () =>
  new AppError('too_many_requests', {
    status: 429,
    message: 'Too many requests. Please wait a little and try again.',
  });

/**
 * The abuse limits of limits.ts on rate-limiter-flexible's SQLite or PostgreSQL store, in the site's own
 * database: every process on it shares the counts, and they survive restarts (ADR 0016, ADR 0041). `factor`
 * scales every allowance; 0 turns the limits off (load tests) but never view counting. The library's stores
 * take the data layer's own client (the better-sqlite3 connection or the pg pool): their SQL is the
 * library's (ADR 0041, "What stays raw"); the purge of expired rows is ours, one statement on both.
 */
export function createRateLimits({ factor = 1, data }: { data: DataLayer; factor?: number }) {
  // The table is the library's, not in the typed schema: one plain statement on both databases.
  const purge = (now: number) => sql`DELETE FROM ${sql.table(TABLE)} WHERE expire < ${now}`.execute(data.db);
  let store: (keyPrefix: string, points: number, duration: number) => RateLimiterStoreAbstract;
  if (data.dialect === 'postgres') {
    // The table comes with PostgreSQL's migrations (npm run migrate).
    const { pool } = data;
    store = (keyPrefix, points, duration) =>
      new RateLimiterPostgres({
        storeClient: pool,
        storeType: 'pool',
        tableName: TABLE,
        tableCreated: true,
        // housekeeping() below clears expired rows; no timer per limiter.
        clearExpiredByTimeout: false,
        keyPrefix,
        points,
        duration,
      });
  } else {
    const { sqlite } = data;
    // The library would create the table asynchronously and refuse calls until then; made here, it is
    // there before the first request.
    sqlite.exec(
      `CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`,
    );
    store = (keyPrefix, points, duration) =>
      new RateLimiterSQLite({
        storeClient: sqlite,
        storeType: 'better-sqlite3',
        tableName: TABLE,
        tableCreated: true,
        keyPrefix,
        points,
        duration,
      });
  }
  let purgedAt = Date.now();
  const enabled = factor > 0;

  const limiters = Object.fromEntries(
    Object.entries(LIMITS).map(([name, l]) => [
      name,
      store(name, Math.max(1, Math.round(l.points * factor)), l.duration),
    ]),
  ) as Record<LimitName, RateLimiterStoreAbstract>;
  // No in-memory block list (inMemoryBlockOnConsumed) here: it would hold every counted view for the whole
  // window and sweep itself on each insert past 1,000 keys; a primary-key upsert per call is cheaper.
  const viewOnce = store('view', 1, VIEW_WINDOW);
  const viewsPerAddress = store('view_address', VIEWS_PER_ADDRESS, VIEW_WINDOW);

  // Expired rows are dead weight only; clearing them now and then on the request path needs no timer.
  async function housekeeping() {
    const now = Date.now();
    if (now - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = now;
    await purge(now);
  }

  /** Spends one point; false when the key is already over its limit. Store failures propagate. */
  async function take(limiter: RateLimiterStoreAbstract, key: string): Promise<boolean> {
    await housekeeping();
    try {
      await limiter.consume(key);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  return {
    /** Spends one point of each named limit for its key; 429 too_many_requests when any is used up. */
    async hit(...checks: [LimitName, string | number][]): Promise<void> {
      if (!enabled) return;
      for (const [name, key] of checks)
        if (!(await take(limiters[name], String(key)))) throw tooManyRequests();
    },

    /** A failure counter for the sign-in and contact-form throttles. */
    attempts(name: LimitName): AttemptLimiter {
      const limiter = limiters[name];
      return {
        async isLocked(key) {
          if (!enabled) return false;
          const res = await limiter.get(key);
          return res !== null && res.consumedPoints >= limiter.points;
        },
        async fail(key) {
          if (!enabled) return;
          await housekeeping();
          await limiter.penalty(key, 1);
        },
        async reset(key) {
          await limiter.delete(key);
        },
      };
    },

    /**
     * True the first time `visitor` views `object` in the window, and while the visitor's address has not
     * yet added VIEWS_PER_ADDRESS distinct visitors to it. A counted view also uses up `alias` (another
     * key of the same visitor).
     */
    async firstView(object: string, address: string, visitor: string, alias?: string): Promise<boolean> {
      if (!(await take(viewOnce, `${object}|${visitor}`))) return false;
      if (alias) await take(viewOnce, `${object}|${alias}`);
      return take(viewsPerAddress, `${object}|${address}`);
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
