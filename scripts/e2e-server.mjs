// Serves the built site on a throwaway data dir for the browser tests: a small seed with two short
// real clips, so the tests exercise the same pipeline without minutes of transcoding.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

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
if (seed.status !== 0) process.exit(seed.status ?? 1);
spawnSync('npx', ['tsx', 'apps/api/src/main.ts'], { stdio: 'inherit', env });
