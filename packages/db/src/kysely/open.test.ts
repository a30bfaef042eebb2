import { afterEach, describe, expect, it, vi } from 'vitest';
import { migrateDb, openDb } from '../client';
import { sqliteDataLayer } from './open';

describe('Kysely on the SQLite connection', () => {
  const db = openDb(':memory:');
  migrateDb(db);
  afterEach(() => vi.restoreAllMocks());

  it('prepares a repeated query once, on the same connection the raw services use', async () => {
    const { db: k } = sqliteDataLayer(db.$client);
    const prepare = vi.spyOn(db.$client, 'prepare');
    db.$client
      .prepare("INSERT INTO jobs (name, payload, run_at, created_at, updated_at) VALUES ('a', '{}', 1, 1, 1)")
      .run();
    const byName = (name: string) => k.selectFrom('jobs').select('id').where('name', '=', name).execute();
    expect(await byName('a')).toHaveLength(1);
    expect(await byName('b')).toHaveLength(0);
    expect(await byName('a')).toHaveLength(1);
    // One raw insert, one Kysely statement for three queries.
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('leaves the connection open when the data layer closes', async () => {
    const layer = sqliteDataLayer(db.$client);
    await layer.close();
    await layer.db.destroy();
    expect(db.$client.open).toBe(true);
  });
});
