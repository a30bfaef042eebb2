// `npm test`: lint and type checks, unit and integration tests (vitest), then the browser tests against the built server.
import { spawnSync } from 'node:child_process';
import { CHROMIUM, ensureSystemPackages, FFMPEG, POSTGRESQL } from './system-deps.mjs';

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
// Integration tests render pages through the server, so the web app is built first.
run('npm', ['run', 'build', '--silent']);
run('npx', ['vitest', 'run']);
run('npx', ['playwright', 'test']);
