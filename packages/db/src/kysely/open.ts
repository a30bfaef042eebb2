import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './database';
import type { DialectName } from './dialect/dialect';

export type { DialectName } from './dialect/dialect';

interface DataLayerBase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Ends the PostgreSQL pool; on SQLite the connection belongs to openDb's owner and stays open. */
  close(): Promise<void>;
}

/**
 * A Kysely handle and the dialect it speaks, for the few places where the SQL must differ; the driver's own
 * handle for a library that brings its SQL (the rate limiter's stores).
 */
export type DataLayer =
  | (DataLayerBase & { dialect: 'sqlite'; sqlite: BetterSqlite3.Database })
  | (DataLayerBase & { dialect: 'postgres'; pool: pg.Pool });

/** Statements kept per SQLite connection: enough for every query shape a process runs. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely on the process's one better-sqlite3 connection (WAL, opened by openDb). Kysely prepares each
 * query's text anew; this keeps the prepared statements by text, so a repeated query costs what a hand-kept
 * prepared statement costs. Closing is left to the connection's owner. (Kysely's `stream()` would iterate
 * a cached statement: no repository streams; one that must, streams a query of its own text.)
 */
export function sqliteDataLayer(sqlite: BetterSqlite3.Database): DataLayer {
  const statements = new Map<string, BetterSqlite3.Statement>();
  const database = {
    prepare(text: string) {
      let stmt = statements.get(text);
      if (stmt) {
        // Most recently used last, so the oldest is dropped first.
        statements.delete(text);
      } else {
        stmt = sqlite.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, stmt);
      return stmt;
    },
    close() {},
  };
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database }) }),
    dialect: 'sqlite',
    sqlite,
    close: async () => {},
  };
}

// bigint (int8) columns hold Unix times and ids: well inside 2^53, so they are read as numbers, as in SQLite.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (v: string) => Number(v)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** What the pool does when the server drops one of its idle connections: say so on stderr. */
const warnIdleError = (err: Error) =>
  console.warn(
    `PostgreSQL dropped an idle pooled connection (${err.message}); the next query opens a new one`,
  );

/** Kysely on a pg pool for `DATABASE_URL=postgres://…`. */
export function postgresDataLayer(
  url: string,
  options: { max?: number; onIdleError?: (err: Error) => void } = {},
): DataLayer {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
  // A server restart, a failover or a cut connection makes an idle client emit 'error' on the pool, which
  // discards that client. Unheard, the event ends the process (pg-pool's documented trap).
  pool.on('error', options.onIdleError ?? warnIdleError);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    pool,
    async close() {
      await db.destroy();
      // Kysely ends the pool only if it ran a query; a library may have used it alone.
      if (!pool.ended) await pool.end();
    },
  };
}

/** Is this DATABASE_URL a PostgreSQL one (the only client-server database supported)? */
export const isPostgresUrl = (url: string | undefined): url is string =>
  !!url && /^postgres(ql)?:\/\//.test(url);
