import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb } from '../client';
import { seedDemo } from '../seed/seed';
import { COPIED_TABLES } from './copy-to-postgres';
import { postgresDataLayer } from './open';
import { postgresUnavailableReason, startPostgres, type TestPostgres } from './testing';

const missing = postgresUnavailableReason();
if (missing) console.warn(missing);

const clip = {
  mediaPath: 'demo/clip-1',
  durationSec: 30,
  width: 1280,
  height: 720,
  timelineCount: 6,
  timelineInterval: 5,
};

describe.skipIf(missing)('npm run db:copy', () => {
  let server: TestPostgres | null = null;
  let dir: string;
  const counts = new Map<string, number>();

  beforeAll(async () => {
    server = await startPostgres();
    dir = mkdtempSync(join(tmpdir(), 'vt-db-copy-'));
    const db = openDb(join(dir, 'site.db'));
    await migrateDb(db);
    seedDemo(db, { videos: 120, media: [clip], photos: [] });
    const s = db.$client;
    // What the seed does not make: a job with a JSON payload, an audit entry, a mask beyond 2^53.
    s.prepare(
      `INSERT INTO jobs (name, payload, run_at, created_at, updated_at) VALUES ('search.index', '{"ids":[1,2]}', 1, 1, 1)`,
    ).run();
    s.prepare(
      `INSERT INTO audit_log (actor_id, action, target_type, target_id, after, created_at)
       VALUES (1, 'video.approve', 'video', 1, '{"status":"active"}', 5)`,
    ).run();
    s.prepare('UPDATE videos SET category_mask = ? WHERE id = 1').run(2n ** 60n + 3n);
    for (const t of COPIED_TABLES)
      counts.set(t, (s.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n);
    s.close();
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const copy = (url: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'packages/db/src/copy-cli.ts'], {
      env: { ...process.env, DATABASE_URL: url, DATA_DIR: dir, DATABASE_FILE: '' },
      encoding: 'utf8',
    });

  it('copies every row with its id, verifies the counts, and new rows get fresh ids', async () => {
    const url = await server!.freshDatabase();
    const run = copy(url);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/db:copy: .*100% \(\d+\/\d+\)/);
    expect(run.stdout).toMatch(/copied \d+ rows in \d+ tables from .*site\.db; every table's count verified/);

    const layer = postgresDataLayer(url, { max: 1 });
    try {
      for (const [table, n] of counts) {
        const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(
          layer.db,
        );
        expect({ table, n: rows[0]?.n }).toEqual({ table, n });
      }
      expect(counts.get('videos')).toBe(120);
      expect(counts.get('members')).toBeGreaterThan(100);
      const job = await layer.db.selectFrom('jobs').select('payload').executeTakeFirstOrThrow();
      expect(job.payload).toEqual({ ids: [1, 2] });
      const { rows: masks } = await sql<{ mask: string }>`
        SELECT category_mask::text AS mask FROM videos WHERE id = 1`.execute(layer.db);
      expect(masks[0]?.mask).toBe((2n ** 60n + 3n).toString());
      const fresh = await layer.db
        .insertInto('members')
        .values({ name: 'after-copy', email: 'after-copy@example.test', created_at: 9 })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(fresh.id).toBe((counts.get('members') ?? 0) + 1);
    } finally {
      await layer.close();
    }
  });

  it('refuses a database that already has rows, and writes nothing', async () => {
    const url = await server!.freshDatabase();
    expect(copy(url).status).toBe(0);
    const again = copy(url);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/already has rows \(jobs, members.*copy into a new, empty database/);
  });

  it('says what it needs when DATABASE_URL is missing', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'packages/db/src/copy-cli.ts'], {
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir },
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/set DATABASE_URL=postgres/);
  });
});
