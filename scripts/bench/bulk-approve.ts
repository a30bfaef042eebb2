import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { BENCH_DATA } from './server';

const NAME = 'benchadmin';
const PASSWORD = 'bench-admin-password';
const COUNT = 100;

/**
 * Bulk approval of 100 queued videos in one request on the bench database (target under 1 s): the
 * transaction, 100 audit rows and notifications, the counters, the search jobs and the cache purge.
 */
export async function benchBulkApprove(origin: string) {
  spawnSync(
    'npx',
    [
      'tsx',
      'apps/api/src/cli/admin-cli.ts',
      'create',
      '--name',
      NAME,
      '--email',
      `${NAME}@example.test`,
      '--password',
      PASSWORD,
      '--role',
      'admin',
    ],
    { env: { ...process.env, DATA_DIR: BENCH_DATA }, stdio: 'ignore' },
  );
  const login = await fetch(`${origin}/api/login.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams({ usr: NAME, pwd: PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error(`bench admin sign-in failed: ${login.status}`);

  const db = new Database(join(BENCH_DATA, 'site.db'));
  const media = db
    .prepare('SELECT media_path FROM videos WHERE media_path IS NOT NULL LIMIT 1')
    .pluck()
    .get();
  const uploader = db.prepare('SELECT id FROM members WHERE role = ? LIMIT 1').pluck().get('member');
  const insert = db.prepare(
    `INSERT INTO videos (dir, title, status_id, gender, post_date, added_at, uploader_id, media_path, duration_sec, width, height)
     VALUES ('bench-pending', 'Bench pending reel', 2, 'straight', unixepoch(), unixepoch(), ?, ?, 700, 640, 360)`,
  );
  const ids = db.transaction(() =>
    Array.from({ length: COUNT }, () => Number(insert.run(uploader, media).lastInsertRowid)),
  )();
  try {
    const started = performance.now();
    const res = await fetch(`${origin}/trpc/moderation.approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ keys: ids.map((id) => `video:${id}`) }),
    });
    const ms = performance.now() - started;
    const body = (await res.json()) as { result?: { data: { done: string[] } } };
    const approved = body.result?.data.done.length ?? 0;
    if (approved !== COUNT) throw new Error(`bulk approve answered ${res.status}, approved ${approved}`);
    return { videos: COUNT, ms, targetMs: 1000 };
  } finally {
    // Leave the bench database as it was (the audit rows stay: the log is append-only).
    db.prepare(`DELETE FROM videos WHERE id IN (${ids.join(',')})`).run();
    db.close();
  }
}
