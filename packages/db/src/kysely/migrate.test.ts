import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from './migrate';
import { postgresDataLayer } from './open';
import { postgresUnavailableReason, startPostgres, type TestPostgres } from './testing';

const missing = postgresUnavailableReason();
if (missing) console.warn(missing);

describe.skipIf(missing)('DATABASE_URL=postgres://… npm run migrate', () => {
  let server: TestPostgres | null = null;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(() => server?.stop());

  const migrate = (url: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', 'packages/db/src/migrate-cli.ts'], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });

  it('creates the PostgreSQL tables once, and says what it applied', async () => {
    const url = await server!.freshDatabase();
    expect(migrate(url)).toMatch(
      /migrated PostgreSQL \(0001_jobs, 0002_rate_limits, 0003_core_schema, 0004_listing_length_indexes, 0005_search_title_words, 0006_postgres_video_sort_keys\)/,
    );
    expect(migrate(url)).toMatch(/already up to date/);
    const layer = postgresDataLayer(url, { max: 1 });
    try {
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM jobs`.execute(layer.db);
      expect(rows[0]?.n).toBe(0);
    } finally {
      await layer.close();
    }
  });

  it('migrates once when several nodes start at the same moment', async () => {
    const url = await server!.freshDatabase();
    const nodes = [1, 2, 3].map(() => postgresDataLayer(url, { max: 1 }));
    try {
      const applied = await Promise.all(nodes.map((n) => migratePostgres(n)));
      expect(applied.flat().sort()).toEqual([
        '0001_jobs',
        '0002_rate_limits',
        '0003_core_schema',
        '0004_listing_length_indexes',
        '0005_search_title_words',
        '0006_postgres_video_sort_keys',
      ]);
    } finally {
      for (const n of nodes) await n.close();
    }
  });
});
