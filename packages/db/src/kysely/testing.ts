/**
 * A throwaway PostgreSQL server for tests (ADR 0041): initdb in a temp dir and pg_ctl on a free port, from
 * Debian's postgresql package (`.ci/run` installs it). When the binaries are missing, `startPostgres` says so
 * and the PostgreSQL half of a contract test is skipped with that reason. `TEST_POSTGRES_URL` points the
 * tests at a server of your own instead (each test gets a new database on it).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** A new, empty database on the server; its postgres:// URL. */
  freshDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** The newest installed server's bin directory, or null. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0]!, 'bin') : null;
}

/** Why PostgreSQL tests cannot run here, or null when they can. */
export function postgresUnavailableReason(): string | null {
  if (process.env.TEST_POSTGRES_URL) return null;
  if (!postgresBin())
    return 'PostgreSQL is not installed (apt-get install postgresql): the PostgreSQL contract tests are skipped';
  if (process.getuid?.() === 0 && !uidOf('postgres'))
    return 'running as root without a postgres user to run the server as: the PostgreSQL contract tests are skipped';
  return null;
}

function uidOf(user: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let counter = 0;

function onServer(adminUrl: string): TestPostgres['freshDatabase'] {
  return async () => {
    const name = `vt_test_${process.pid}_${++counter}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
}

/** Starts a server (or uses TEST_POSTGRES_URL); null with postgresUnavailableReason() when it cannot. */
export async function startPostgres(): Promise<TestPostgres | null> {
  const external = process.env.TEST_POSTGRES_URL;
  if (external) return { freshDatabase: onServer(external), stop: async () => {} };
  const bin = postgresBin();
  if (!bin || postgresUnavailableReason()) return null;
  // The server refuses to run as root: as root, it runs as the postgres user the package created.
  const owner = process.getuid?.() === 0 ? uidOf('postgres') : null;
  const run = (tool: string, args: string[]) =>
    owner
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, tool), args, { stdio: 'pipe' });
  const dir = mkdtempSync(join(tmpdir(), 'vt-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  // Durability is not what a throwaway test server is for.
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A test process that ends without its afterAll (a crash, a timeout) does not leave a server behind.
  process.on('exit', stop);
  return {
    freshDatabase: onServer(`postgres://postgres@127.0.0.1:${port}/postgres`),
    stop: async () => stop(),
  };
}
