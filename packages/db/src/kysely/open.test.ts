import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateDb, openDb } from '../client';
import { postgresDataLayer, sqliteDataLayer } from './open';
import { postgresUnavailableReason, startPostgres, type TestPostgres } from './testing';

describe('Kysely on the SQLite connection', () => {
  const db = openDb(':memory:');
  beforeAll(() => migrateDb(db));
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

const missing = postgresUnavailableReason();
if (missing) console.warn(missing);

describe.skipIf(missing)('Kysely on a PostgreSQL pool', () => {
  let server: TestPostgres | null = null;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.stop());

  it('outlives the server dropping an idle pooled connection (a restart, a failover): the next query reconnects', async () => {
    const url = await server!.freshDatabase();
    const dropped: Error[] = [];
    const layer = postgresDataLayer(url, { max: 1, onIdleError: (err) => dropped.push(err) });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const backend = async () =>
        (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(layer.db)).rows[0]!.pid;
      const first = await backend();
      // The pool's one client is idle now; the server ends it, as a restart would.
      await admin.query('SELECT pg_terminate_backend($1)', [first]);
      await vi.waitFor(() => expect(dropped).toHaveLength(1));
      expect(await backend()).not.toBe(first);
    } finally {
      await admin.end();
      await layer.close();
    }
  });
});
