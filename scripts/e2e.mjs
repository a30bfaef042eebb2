// Builds the web app when needed, then runs the Playwright suite in Debian's chromium.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('npm', ['run', 'build', '--silent']);
run('npx', ['playwright', 'test']);
