import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../schema/index';
import { migratePostgres } from './migrate';
import { type DataLayer, postgresDataLayer } from './open';
import { postgresUnavailableReason, startPostgres, type TestPostgres } from './testing';

const missing = postgresUnavailableReason();
if (missing) console.warn(missing);

const tables = (Object.values(schema) as unknown[])
  .filter((v): v is SQLiteTable => is(v, SQLiteTable))
  .map((t) => getTableConfig(t));

/** The PostgreSQL type a drizzle SQLite column must have (ADR 0041's mapping). */
function expectedType(columnType: string): string[] {
  if (columnType === 'SQLiteInteger') return ['bigint', 'integer'];
  if (columnType === 'SQLiteReal') return ['double precision'];
  if (columnType === 'SQLiteTextJson') return ['jsonb'];
  if (columnType === 'SQLiteBlobBuffer') return ['bytea'];
  return ['text'];
}

describe.skipIf(missing)('the PostgreSQL schema', () => {
  let server: TestPostgres | null = null;
  let layer: DataLayer;
  beforeAll(async () => {
    const started = await startPostgres();
    server = started;
    layer = postgresDataLayer(await started!.freshDatabase(), { max: 2 });
    await migratePostgres(layer);
  });
  afterAll(async () => {
    await layer?.close();
    await server?.stop();
  });

  it('has every drizzle table, with the same columns, types, nullability and indexes', async () => {
    const { rows: columns } = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: 'YES' | 'NO';
    }>`SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public'`.execute(layer.db);
    const { rows: indexes } = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`.execute(layer.db);
    const indexNames = new Set(indexes.map((i) => i.indexname));
    const problems: string[] = [];
    for (const t of tables) {
      const actual = new Map(columns.filter((c) => c.table_name === t.name).map((c) => [c.column_name, c]));
      if (actual.size === 0) problems.push(`${t.name}: missing`);
      for (const c of t.columns) {
        const pg = actual.get(c.name);
        actual.delete(c.name);
        if (!pg) problems.push(`${t.name}.${c.name}: missing`);
        else {
          if (!expectedType(c.columnType).includes(pg.data_type))
            problems.push(`${t.name}.${c.name}: ${pg.data_type}, drizzle ${c.columnType}`);
          const notNull = c.notNull || c.primary;
          if (notNull !== (pg.is_nullable === 'NO'))
            problems.push(`${t.name}.${c.name}: nullability differs`);
        }
      }
      for (const extra of actual.keys()) problems.push(`${t.name}.${extra}: not in drizzle`);
      for (const i of t.indexes)
        if (!indexNames.has(i.config.name)) problems.push(`index ${i.config.name}: missing`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps the audit log append-only, letting through only the actor nulled when an account goes', async () => {
    const db = layer.db;
    const member = await db
      .insertInto('members')
      .values({ name: 'auditor', email: 'auditor@example.test', created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entry = await db
      .insertInto('audit_log')
      .values({
        actor_id: member.id,
        action: 'video.approve',
        target_type: 'video',
        target_id: 7,
        after: JSON.stringify({ status: 'active' }),
        created_at: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(
      db.updateTable('audit_log').set({ reason: 'rewritten' }).where('id', '=', entry.id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.updateTable('audit_log').set({ actor_id: null }).execute()).resolves.toBeDefined();
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const row = await db.selectFrom('audit_log').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ action: 'video.approve', reason: null, after: { status: 'active' } });
  });

  it('keeps video_sort_keys equal to the keys of videos through inserts, updates, deletes and truncation', async () => {
    const db = layer.db;
    const keys = `id, post_date, duration_sec, category_mask, video_viewed, views_day, views_week, views_month,
      popularity, comments_count, rating, status_id, is_private, duration_bucket, is_hd, production_decade, gender`;
    const same = async () => {
      const { rows: copy } = await sql`SELECT ${sql.raw(keys)} FROM video_sort_keys ORDER BY id`.execute(db);
      const { rows: source } = await sql`SELECT ${sql.raw(keys)} FROM videos ORDER BY id`.execute(db);
      expect(copy).toEqual(source);
      return copy.length;
    };
    const video = (id: number) => ({
      id,
      dir: `v${id}`,
      title: `Video ${id}`,
      post_date: 1_000 + id,
      added_at: 1_000 + id,
      duration_sec: 60 * id,
      category_mask: 2 ** 40 + id,
    });
    await db
      .insertInto('videos')
      .values([video(1), video(2), video(3)])
      .execute();
    expect(await same()).toBe(3);
    await db
      .updateTable('videos')
      .set({ video_viewed: 9, rating: 4.5, status_id: 1 })
      .where('id', '=', 1)
      .execute();
    await db
      .updateTable('videos')
      .set({ title: 'Renamed', gender: 'gay', production_decade: 1970 })
      .where('id', '=', 2)
      .execute();
    await db
      .updateTable('videos')
      .set({ description: 'Only the text changes' })
      .where('id', '=', 3)
      .execute();
    expect(await same()).toBe(3);
    await db.deleteFrom('videos').where('id', '=', 2).execute();
    expect(await same()).toBe(2);
    await sql`TRUNCATE videos CASCADE`.execute(db);
    expect(await same()).toBe(0);
  });
});
