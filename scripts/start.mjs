// `npm start`: builds the web app if needed, migrates, seeds demo content into an empty database, serves.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSystemPackages, FFMPEG } from './system-deps.mjs';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

if (!ensureSystemPackages([FFMPEG])) process.exit(1);

const serverBuild = 'apps/web/build/server/index.js';
const webSources = ['apps/web/app', 'packages/i18n/locales', 'packages/i18n/src'];
if (!existsSync(serverBuild) || Math.max(...webSources.map(newestMtime)) > statSync(serverBuild).mtimeMs) {
  console.log('Building the web app…');
  run('npm', ['run', 'build', '--silent']);
}

run('npx', [
  'tsx',
  'packages/db/src/seed/cli.ts',
  '--if-empty',
  '--videos',
  process.env.SEED_VIDEOS ?? '3000',
]);
process.env.NODE_ENV = 'production';
run('npx', ['tsx', 'apps/api/src/main.ts']);
