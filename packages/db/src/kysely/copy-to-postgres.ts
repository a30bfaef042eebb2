import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { migratePostgres } from './migrate';
import type { DataLayer } from './open';
import { CORE_TABLES } from './pg-migrations/0003_core_schema';

/**
 * The tables `npm run db:copy` moves, in foreign-key order. Not copied: SQLite's full-text tables (the
 * PostgreSQL search engine builds its own, ADR 0045), drizzle's migration record, and the rate-limit
 * counters (minutes-long windows that start afresh).
 */
export const COPIED_TABLES = ['jobs', ...CORE_TABLES] as const;

/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;
const MAX_BATCH_ROWS = 1_000;

export interface TableCount {
  table: string;
  sqlite: number;
  postgres: number;
}

export class CopyRefusedError extends Error {}

/** SQLite integers are read exactly; those beyond JavaScript's safe range travel as text into bigint. */
function portable(value: unknown): unknown {
  if (typeof value !== 'bigint') return value;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value.toString();
}

/**
 * Copies a SQLite site into an empty PostgreSQL database, in one transaction: either every row arrives and
 * the counts match table by table, or nothing is written. Ids are kept, and each identity sequence moves past
 * the highest one so new rows do not collide.
 */
export async function copySqliteToPostgres(
  sqlite: BetterSqlite3.Database,
  target: DataLayer,
  onProgress: (table: string, done: number, total: number) => void = () => {},
): Promise<TableCount[]> {
  if (target.dialect !== 'postgres') throw new Error('db:copy needs a PostgreSQL target');
  await migratePostgres(target);

  const sourceCount = (table: string) =>
    Number((sqlite.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n);
  const targetCount = async (db: DataLayer['db'], table: string) =>
    Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0,
    );

  const occupied: string[] = [];
  for (const table of COPIED_TABLES) if ((await targetCount(target.db, table)) > 0) occupied.push(table);
  if (occupied.length)
    throw new CopyRefusedError(
      `the PostgreSQL database already has rows (${occupied.join(', ')}): copy into a new, empty database`,
    );

  const totals = new Map(COPIED_TABLES.map((t) => [t, sourceCount(t)]));
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  let done = 0;
  onProgress('', 0, total);

  return target.db.transaction().execute(async (trx) => {
    // Foreign keys are checked at commit, so self-references and order inside a table cannot trip the copy.
    await sql`SET CONSTRAINTS ALL DEFERRED`.execute(trx);
    for (const table of COPIED_TABLES) {
      const info = sqlite.prepare(`SELECT name, type, pk FROM pragma_table_info('${table}')`).all() as {
        name: string;
        type: string;
        pk: number;
      }[];
      const columns = info.map((c) => c.name);
      // An integer primary key is an identity on PostgreSQL (0003_core_schema): its sequence follows the copy.
      const identity = info.some((c) => c.name === 'id' && c.pk === 1 && /^integer$/i.test(c.type));
      const batch = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
      const page = sqlite.prepare(
        `SELECT rowid AS _rowid, * FROM "${table}" WHERE rowid > ? ORDER BY rowid LIMIT ?`,
      );
      page.safeIntegers(true);
      let after: bigint = -1n;
      for (;;) {
        const rows = page.all(after, batch) as Record<string, unknown>[];
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!._rowid as bigint;
        const values = rows.map((r) => Object.fromEntries(columns.map((c) => [c, portable(r[c])])));
        // The table name comes from COPIED_TABLES, not from input; Kysely's types cover one table at a time.
        await trx
          .insertInto(table as 'jobs')
          .values(values as never)
          .execute();
        done += rows.length;
        onProgress(table, done, total);
      }
      if (identity) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), max(id))
          FROM ${sql.table(table)} HAVING max(id) IS NOT NULL`.execute(trx);
      }
    }
    const counts: TableCount[] = [];
    for (const table of COPIED_TABLES)
      counts.push({ table, sqlite: totals.get(table) ?? 0, postgres: await targetCount(trx, table) });
    const wrong = counts.filter((c) => c.sqlite !== c.postgres);
    if (wrong.length)
      throw new Error(
        `row counts differ, nothing was copied: ${wrong.map((c) => `${c.table} ${c.sqlite} → ${c.postgres}`).join(', ')}`,
      );
    return counts;
  });
}
