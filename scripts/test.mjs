// `npm test`: lint and type checks, unit and integration tests (vitest), then the browser tests against the built server.
import { spawnSync } from 'node:child_process';
import { CHROMIUM, ensureSystemPackages, FFMPEG, POSTGRESQL } from './system-deps.mjs';

const POSTGRES_JOURNEYS = ['member-journey', 'moderation', 'upload', 'listing', 'search', 'video'].map(
  (name) => `tests/e2e/${name}.spec.ts`,
);

const run = (cmd, args, env = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!ensureSystemPackages([FFMPEG, CHROMIUM])) process.exit(1);
// Without PostgreSQL its half of the contract tests is skipped, each saying why.
ensureSystemPackages([POSTGRESQL]);
// Gates first: lint and both type checks at zero findings, so drift cannot pass unseen.
run('npx', ['biome', 'check', '--error-on-warnings', '.']);
run('npm', ['run', 'typecheck', '--silent']);
run('npm', ['run', 'check:promises', '--silent']);
// Integration tests render pages through the server, so the web app is built first.
run('npm', ['run', 'build', '--silent']);
run('npx', ['vitest', 'run']);
run('npx', ['playwright', 'test']);
// The main journeys again on a PostgreSQL-backed site (ADR 0041): sign-up to upload, moderation, listings,
// search and playback; the whole suite on PostgreSQL is `npm run test:e2e:postgres`.
if (ensureSystemPackages([POSTGRESQL]))
  run('npx', ['playwright', 'test', ...POSTGRES_JOURNEYS], { E2E_DATABASE: 'postgres', E2E_PORT: '3101' });
