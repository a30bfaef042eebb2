import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DialectName } from './dialect';

/** Seconds in a UTC day: the stats tables count views per day number (days since 1970-01-01). */
export const DAY_SECONDS = 86_400;

/**
 * Date buckets for stats (ADR 0041). The view counters are bucketed by the UTC day number, computed from the
 * service's clock (`dayNumber(now)`) and stored as an integer, so the counters' queries are the same on both
 * databases. Buckets read from a Unix-seconds column in SQL differ: SQLite formats with `strftime`, PostgreSQL
 * with `to_char` over `to_timestamp` in UTC.
 */
export const dayNumber = (unixSeconds: number): number => Math.floor(unixSeconds / DAY_SECONDS);

/** The UTC day number of a Unix-seconds column (integer division, the same on both databases). */
export const dayOf = (seconds: Expression<number | null>): RawBuilder<number> =>
  sql<number>`(${seconds} / ${sql.lit(DAY_SECONDS)})`;

/** The UTC month of a Unix-seconds column as 'YYYY-MM' (the transparency report's bucket). */
export function monthOf(seconds: Expression<number | null>, dialect: DialectName): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`strftime('%Y-%m', ${seconds}, 'unixepoch')`;
}
