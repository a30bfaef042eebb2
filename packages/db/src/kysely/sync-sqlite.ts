import type BetterSqlite3 from 'better-sqlite3';
import type { Compilable } from 'kysely';

/**
 * Runs a Kysely query synchronously on a better-sqlite3 connection: the bridge (ADR 0041) for callers that
 * write inside their own raw synchronous transaction (and for the demo seed), so the statement is still the
 * repository's one typed query, not a copy of its SQL. SQLite only. Returns the rows a query returns, else [].
 */
export function runOnSqlite<R>(
  sqlite: BetterSqlite3.Database,
  query: Compilable<R>,
): { rows: R[]; changes: number } {
  const { sql, parameters } = query.compile();
  const stmt = sqlite.prepare(sql);
  if (stmt.reader) return { rows: stmt.all(...(parameters as unknown[])) as R[], changes: 0 };
  return { rows: [], changes: stmt.run(...(parameters as unknown[])).changes };
}
