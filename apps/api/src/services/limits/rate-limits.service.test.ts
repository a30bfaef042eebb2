import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratePostgres, postgresDataLayer, sqliteDataLayer } from '@vt/db';
import { postgresUnavailableReason, startPostgres, type TestPostgres } from '@vt/db/testing';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMITS } from './limits';
import { createRateLimits } from './rate-limits.service';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const done of cleanups.splice(0).reverse()) await done();
});

/** A new database; `open` connects one more process to it. */
type Site = {
  open(factor?: number): ReturnType<typeof createRateLimits>;
  /** The rows of the limits' table, as keys. */
  keys(): Promise<string[]>;
};

function sqliteSite(): Site {
  const dir = mkdtempSync(join(tmpdir(), 'vt-limits-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return {
    open(factor) {
      const db = new Database(join(dir, 'site.db'));
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      cleanups.push(() => db.close());
      return createRateLimits({ data: sqliteDataLayer(db), factor });
    },
    async keys() {
      const db = new Database(join(dir, 'site.db'));
      cleanups.push(() => db.close());
      return db.prepare('SELECT key FROM rate_limits ORDER BY key').pluck().all() as string[];
    },
  };
}

let server: TestPostgres | null = null;
async function postgresSite(): Promise<Site> {
  const url = await server!.freshDatabase();
  const setup = postgresDataLayer(url, { max: 1 });
  await migratePostgres(setup);
  await setup.close();
  return {
    open(factor) {
      const layer = postgresDataLayer(url, { max: 4 });
      cleanups.push(() => layer.close());
      return createRateLimits({ data: layer, factor });
    },
    async keys() {
      const layer = postgresDataLayer(url, { max: 1 });
      cleanups.push(() => layer.close());
      const r = await sql<{ key: string }>`SELECT key FROM rate_limits ORDER BY key`.execute(layer.db);
      return r.rows.map((row) => row.key);
    },
  };
}

const pgMissing = postgresUnavailableReason();
if (pgMissing) console.warn(pgMissing);

for (const dialect of [
  { name: 'SQLite', site: async () => sqliteSite(), skip: null },
  { name: 'PostgreSQL', site: postgresSite, skip: pgMissing },
] as const) {
  describe.skipIf(dialect.skip)(`rate limits on ${dialect.name}`, () => {
    beforeAll(async () => {
      if (dialect.name === 'PostgreSQL') server = await startPostgres();
    });
    afterAll(async () => {
      if (dialect.name === 'PostgreSQL') await server?.stop();
    });
    /** Two connections to one database: what two API processes on the same site have. */
    const twoProcesses = async () => {
      const site = await dialect.site();
      return [site.open(), site.open()] as const;
    };

    it('share one count between processes on the same database', async () => {
      const [a, b] = await twoProcesses();
      const { points } = LIMITS.wallPost;
      for (let i = 0; i < points; i++) await (i % 2 ? a : b).hit(['wallPost', 7]);
      await expect(a.hit(['wallPost', 7])).rejects.toMatchObject({ code: 'too_many_requests', status: 429 });
      await expect(b.hit(['wallPost', 7])).rejects.toMatchObject({ code: 'too_many_requests' });
      // Another member's allowance is untouched.
      await expect(b.hit(['wallPost', 8])).resolves.toBeUndefined();
    });

    it('count sign-in failures across processes, and forget them on reset', async () => {
      const [a, b] = await twoProcesses();
      const attemptsA = a.attempts('loginNameAddress');
      const attemptsB = b.attempts('loginNameAddress');
      for (let i = 0; i < LIMITS.loginNameAddress.points; i++) await attemptsA.fail('fan|1.2.3.4');
      expect(await attemptsB.isLocked('fan|1.2.3.4')).toBe(true);
      expect(await attemptsB.isLocked('fan|5.6.7.8')).toBe(false);
      await attemptsB.reset('fan|1.2.3.4');
      expect(await attemptsA.isLocked('fan|1.2.3.4')).toBe(false);
    });

    it('counts a view once per visitor, and caps the visitors one address adds', async () => {
      const [a, b] = await twoProcesses();
      expect(await a.firstView('v1', 'ip', 'ip|cookie-1')).toBe(true);
      expect(await a.firstView('v1', 'ip', 'ip|cookie-1')).toBe(false);
      expect(await b.firstView('v1', 'ip', 'ip|cookie-1')).toBe(false);
      expect(await b.firstView('v2', 'ip', 'ip|cookie-1')).toBe(true);
      let counted = 1;
      for (let i = 2; i <= 50; i++) if (await a.firstView('v1', 'ip', `ip|cookie-${i}`)) counted++;
      expect(counted).toBe(20);
    });

    it('keeps the count when processes hit at the same moment', async () => {
      const [a, b] = await twoProcesses();
      const { points } = LIMITS.register;
      const results = await Promise.allSettled(
        Array.from({ length: points + 4 }, (_, i) => (i % 2 ? a : b).hit(['register', 'ip'])),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(points);
    });

    it('clears expired rows now and then, on the request path', async () => {
      const site = await dialect.site();
      let now = Date.now();
      const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
      cleanups.push(() => clock.mockRestore());
      const limits = site.open();
      await limits.hit(['register', 'ip']);
      expect(await site.keys()).toEqual(['register:ip']);
      // Past the register window and the 10 minutes between purges: the next call clears it.
      now += (LIMITS.register.duration + 11 * 60) * 1000;
      await limits.hit(['wallPost', 7]);
      expect(await site.keys()).toEqual(['wallPost:7']);
    });

    it('scales every allowance with the factor, and turns limits off at 0', async () => {
      const doubled = (await dialect.site()).open(2);
      for (let i = 0; i < 2 * LIMITS.register.points; i++) await doubled.hit(['register', 'ip']);
      await expect(doubled.hit(['register', 'ip'])).rejects.toMatchObject({ code: 'too_many_requests' });
      const off = (await dialect.site()).open(0);
      for (let i = 0; i < 3 * LIMITS.register.points; i++) await off.hit(['register', 'ip']);
      expect(await off.attempts('loginAddress').isLocked('ip')).toBe(false);
    });
  });
}
