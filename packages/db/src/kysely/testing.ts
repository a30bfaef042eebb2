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
import { afterAll, afterEach, beforeEach, describe } from 'vitest';
import { migrateDb, openDb } from '../client';
import { migratePostgres } from './migrate';
import { type DataLayer, postgresDataLayer, sqliteDataLayer } from './open';

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

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
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

/**
 * Starts a server (or uses TEST_POSTGRES_URL); null with postgresUnavailableReason() when it cannot.
 * `settings`: server parameters beyond the defaults (the bench sizes it as docs/operations.md says).
 */
export async function startPostgres(settings: Record<string, string> = {}): Promise<TestPostgres | null> {
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
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
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

/** A database of one dialect for a repository's contract test, migrated and empty. */
export interface ContractTarget {
  name: 'SQLite' | 'PostgreSQL';
  /** Why this dialect cannot run here (then skip it, saying so), or null. */
  skip: string | null;
  open(): Promise<OpenedDatabase>;
}

export interface OpenedDatabase {
  layer: DataLayer;
  /** Another connection (SQLite) or pool (PostgreSQL) to the same database, as a second node has. */
  connect(): DataLayer;
  close(): Promise<void>;
}

let sharedServer: Promise<TestPostgres | null> | null = null;

/**
 * SQLite and PostgreSQL, for `describe.each` in repository contract tests (ADR 0041): every repository
 * query runs on both. One PostgreSQL server per test file, a fresh database per `open()`; call it while the
 * file's tests are collected, so the server stops after them (a test runner may end its worker processes
 * without an 'exit' event).
 */
export function contractTargets(): ContractTarget[] {
  afterAll(async () => {
    const server = await sharedServer;
    sharedServer = null;
    await server?.stop();
  });
  return [
    {
      name: 'SQLite',
      skip: null,
      async open() {
        const dir = mkdtempSync(join(tmpdir(), 'vt-contract-'));
        const file = join(dir, 'site.db');
        const first = openDb(file);
        await migrateDb(first);
        const handles = [first];
        return {
          layer: sqliteDataLayer(first.$client),
          connect() {
            const db = openDb(file);
            handles.push(db);
            return sqliteDataLayer(db.$client);
          },
          async close() {
            for (const h of handles) h.$client.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
    {
      name: 'PostgreSQL',
      skip: postgresUnavailableReason(),
      async open() {
        sharedServer ??= startPostgres();
        const server = await sharedServer;
        if (!server) throw new Error(postgresUnavailableReason() ?? 'PostgreSQL did not start');
        const url = await server.freshDatabase();
        const layers = [postgresDataLayer(url, { max: 4 })];
        await migratePostgres(layers[0]!);
        return {
          layer: layers[0]!,
          connect() {
            const layer = postgresDataLayer(url, { max: 4 });
            layers.push(layer);
            return layer;
          },
          async close() {
            for (const l of layers) await l.close();
          },
        };
      },
    },
  ];
}

/**
 * `describe`s a contract suite once per database, each test on a fresh, migrated database: `data()` is the
 * current test's database. A dialect that cannot run here is skipped, its reason printed.
 */
export function describeOnBothDatabases(title: string, body: (data: () => OpenedDatabase) => void): void {
  for (const target of contractTargets()) {
    if (target.skip) console.warn(target.skip);
    describe.skipIf(target.skip)(`${title} on ${target.name}`, () => {
      let current: OpenedDatabase | null = null;
      beforeEach(async () => {
        current = await target.open();
      });
      afterEach(async () => {
        await current?.close();
        current = null;
      });
      body(() => current!);
    });
  }
}

/** describeOnBothDatabases for suites that need only the test's data layer. */
export const describeOnBothLayers = (title: string, body: (data: () => DataLayer) => void): void =>
  describeOnBothDatabases(title, (db) => body(() => db().layer));
