import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from './dialect';

/** The listings' sort indexes (partial, on listed videos) a page walk may be told to use. */
export type ListingSortIndex =
  | 'videos_latest_idx'
  | 'videos_rating_idx'
  | `videos_${'latest' | 'commented' | 'viewed' | 'popular' | 'pop_day' | 'pop_week' | 'pop_month' | 'rating'}_length_idx`;

/**
 * The videos table of a listing's page walk or count, aliased `v`. SQLite: `videos`, `INDEXED BY` the given
 * sort index when the planner's own choice is known to be the slower one (docs/decisions on listings).
 * PostgreSQL has no index hints and costs the choice itself; where the listing's conditions need only the
 * sort and filter keys (`keysSuffice`), it walks `video_sort_keys`, their narrow copy with the same sort
 * indexes (migration 0006, ADR 0046's third addendum).
 */
export function listingVideosTable(
  dialect: DialectName,
  index: ListingSortIndex | null,
  keysSuffice: boolean,
): RawBuilder<unknown> {
  if (dialect === 'postgres') return keysSuffice ? sql`video_sort_keys v` : sql`videos v`;
  return index ? sql`videos v indexed by ${sql.raw(index)}` : sql`videos v`;
}

/**
 * An equality filter tested inside the covering sort index rather than used as an index constraint.
 * SQLite: unary `+` on the column, so the planner does not skip-scan on it (losing the index order and
 * sorting the whole set). PostgreSQL never skip-scans a btree: the column as it is.
 */
export function testedInIndex(dialect: DialectName, column: string): RawBuilder<unknown> {
  return dialect === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column);
}

/**
 * A category filter inside the covering sort index: every bit of `mask` (a positive bigint) set in
 * `column`. SQLite walks the sort index whatever it estimates. PostgreSQL estimates an equality on an
 * expression it has no statistics for at 0.5% of the rows, and so sorts a scan of the whole table rather
 * than walk the index; `(column & mask) >= mask` is the same test (the masked value never exceeds the
 * mask), estimated at a third of the rows, so it walks the sort index like SQLite.
 */
export function hasAllBits(dialect: DialectName, column: string, mask: bigint): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`(${sql.ref(column)} & ${mask}) >= ${mask}`
    : sql`(${sql.ref(column)} & ${mask}) = ${mask}`;
}
