// Serves the built site on a throwaway data dir for the browser tests: a small seed with two short
// real clips, so the tests exercise the same pipeline without minutes of transcoding.
// E2E_DATABASE=postgres runs the site on a throwaway PostgreSQL server instead of DATA_DIR/site.db.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const port = process.argv[2] ?? '3100';
// One data dir per port, so two browser-test runs on one machine never reset each other's database.
const dataDir = join(process.cwd(), 'data', `e2e-${port}`);
mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: port,
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  // The browser tests confirm accounts through the outbox, like a developer on their own machine.
  MAIL_OUTBOX_PUBLIC: '1',
  // The age-gate spec plays a CDN's visitor with CF-IPCountry; the other specs browse ungated from here.
  TRUST_COUNTRY_HEADER: '1',
  AGE_GATE_COUNTRIES: 'eu,us,gb',
  LOG_LEVEL: 'warn',
  // Every browser test registers and signs in from 127.0.0.1: more accounts than one address may make.
  RATE_LIMIT_FACTOR: '20',
  // Small tus chunks, so the upload test can reload mid-way through a 20 MB file.
  UPLOAD_CHUNK_MB: '1',
};

// The specs that look into the site's database find it here (tests/e2e/helpers/site-db.ts).
const urlFile = join(dataDir, 'database-url');
rmSync(urlFile, { force: true });
delete env.DATABASE_URL;
let postgres = null;
if (process.env.E2E_DATABASE === 'postgres') {
  // The contract tests' throwaway server (initdb in a temp dir, a free port, fsync off, run as the postgres
  // user when we are root); it stops, and its directory goes, when this process ends.
  const { startPostgres, postgresUnavailableReason } = await tsImport(
    '../packages/db/src/kysely/testing.ts',
    import.meta.url,
  );
  postgres = await startPostgres();
  if (!postgres) {
    console.error(`E2E_DATABASE=postgres: ${postgresUnavailableReason()}`);
    process.exit(1);
  }
  env.DATABASE_URL = await postgres.freshDatabase();
  writeFileSync(urlFile, env.DATABASE_URL);
} else if (process.env.E2E_DATABASE && process.env.E2E_DATABASE !== 'sqlite') {
  console.error(`E2E_DATABASE=${process.env.E2E_DATABASE}: expected postgres or sqlite`);
  process.exit(1);
}

let site = null;
let ending = false;
async function end(code) {
  if (ending) return;
  ending = true;
  // The site closes its pool before its database server goes (within Playwright's 15 s of grace).
  if (site && site.exitCode === null && site.signalCode === null) {
    const exited = new Promise((resolve) => {
      site.once('exit', resolve);
      setTimeout(resolve, 8_000).unref();
    });
    site.kill('SIGTERM');
    await exited;
  }
  await postgres?.stop();
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void end(0));

const seed = spawnSync(
  'npx',
  [
    'tsx',
    'packages/db/src/seed/cli.ts',
    '--reset',
    '--videos',
    '400',
    '--clips',
    '2',
    '--clip-seconds',
    '30',
  ],
  { stdio: 'inherit', env },
);
if (seed.status !== 0) await end(seed.status ?? 1);
if (!ending) {
  site = spawn('npx', ['tsx', 'apps/api/src/main.ts'], { stdio: 'inherit', env });
  site.on('exit', (code) => void end(code ?? 1));
}
