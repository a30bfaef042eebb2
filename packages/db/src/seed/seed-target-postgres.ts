import type BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { copySqliteToPostgres } from '../kysely/copy-to-postgres';
import { migratePostgres, postgresDataLayer } from '../kysely/index';

/**
 * The seed's PostgreSQL target. The demo itself is generated into SQLite (its bulk inserts are synchronous and
 * fast) and moved with the same verified copy as `npm run db:copy`, so there is one seed, not one per dialect.
 */
export async function openSeedTarget(url: string, { reset }: { reset: boolean }) {
  const layer = postgresDataLayer(url, { max: 2 });
  if (reset) {
    // --reset empties the site's own schema (tables, the audit trigger's function, search extensions), then
    // the migrations run afresh: as dropping the SQLite file does.
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(layer.db);
    const schema = sql.id(rows[0]!.schema);
    await sql`DROP SCHEMA ${schema} CASCADE`.execute(layer.db);
    await sql`CREATE SCHEMA ${schema}`.execute(layer.db);
  }
  await migratePostgres(layer);
  return {
    async isEmpty() {
      const row = await layer.db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n) === 0;
    },
    copyFrom: (
      sqlite: BetterSqlite3.Database,
      onProgress: (table: string, done: number, total: number) => void,
    ) => copySqliteToPostgres(sqlite, layer, onProgress),
    close: () => layer.close(),
  };
}
