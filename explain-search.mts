import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPostgresEngine } from './apps/api/src/services/search/postgres-engine';
const url = process.argv[2]!;
const pool = new pg.Pool({ connectionString: url, max: 2 });
const captured: { sql: string; params: readonly unknown[] }[] = [];
const db = new Kysely<any>({
  dialect: new PostgresDialect({ pool }),
  log(e) {
    if (e.level === 'query') captured.push({ sql: e.query.sql, params: e.query.parameters });
  },
});
const engine = createPostgresEngine({ repo: { documents: async () => [] } as any, db });
for (const arg of process.argv.slice(3)) {
  const q = JSON.parse(arg);
  for (let i = 0; i < 3; i++) {
    captured.length = 0;
    const t = performance.now();
    const r = await engine.search(q);
    console.log('ms', (performance.now() - t).toFixed(1), 'total', r.total);
  }
  for (const c of captured) {
    if (!/search_videos/.test(c.sql) || /pg_stats/.test(c.sql)) continue;
    const r = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`, c.params as unknown[]);
    console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
}
await pool.end();
