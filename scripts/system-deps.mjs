// Finds the Debian packages the project needs (ffmpeg, chromium) and installs the missing ones when it
// can (root with apt-get); otherwise it prints the one command to run.
import { execFileSync, spawnSync } from 'node:child_process';

const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

export function ensureSystemPackages(packages) {
  const missing = packages.filter((p) => !has(p.bin));
  if (missing.length === 0) return true;
  const names = missing.map((p) => p.pkg).join(' ');
  const isRoot = process.getuid?.() === 0;
  if (isRoot && has('apt-get')) {
    console.log(`Installing ${names} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync(
        'apt-get',
        ['install', '-y', '-qq', '--no-install-recommends', ...missing.map((p) => p.pkg)],
        {
          stdio: 'inherit',
          env,
        },
      );
      return missing.every((p) => has(p.bin));
    } catch {
      // fall through to the message
    }
  }
  console.error(`Missing: ${names}. Install with:\n  sudo apt-get install -y ${names}`);
  return false;
}

export const FFMPEG = { bin: 'ffmpeg', pkg: 'ffmpeg' };
export const CHROMIUM = { bin: 'chromium', pkg: 'chromium' };
/** The server the repository contract tests start a throwaway cluster of (ADR 0041); optional. */
export const POSTGRESQL = { bin: 'pg_ctlcluster', pkg: 'postgresql' };
