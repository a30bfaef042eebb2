import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresUnavailableReason, startPostgres } from '@vt/db/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { openSiteDatabase } from './database-target';

describe('DATABASE_URL', () => {
  const env = { DATA_DIR: 'data/test-database-target', MEDIA_SECRET: 'x'.repeat(32) };

  it('is a PostgreSQL URL or nothing', () => {
    expect(loadConfig(env).databaseUrl).toBeNull();
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://vt:pw@db:5432/vt' }).databaseUrl).toBe(
      'postgres://vt:pw@db:5432/vt',
    );
    expect(() => loadConfig({ ...env, DATABASE_URL: 'mysql://db/vt' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
  });

  it('without it, the site opens and migrates its SQLite file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-target-'));
    try {
      const site = await openSiteDatabase({ databaseUrl: null, databaseFile: join(dir, 'site.db') });
      expect(site.data.dialect).toBe('sqlite');
      expect(site.db).not.toBeNull();
      expect(await site.data.db.selectFrom('videos').select('id').execute()).toEqual([]);
      await site.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(postgresUnavailableReason())(
    'with it, the site opens and migrates PostgreSQL, twice at once',
    async () => {
      const pg = (await startPostgres())!;
      try {
        const url = await pg.freshDatabase();
        const target = { databaseUrl: url, databaseFile: '/nonexistent/site.db' };
        // Two nodes starting together: the migrator's lock lets one migrate, the other finds it done.
        const sites = await Promise.all([openSiteDatabase(target), openSiteDatabase(target)]);
        for (const site of sites) {
          expect(site.data.dialect).toBe('postgres');
          expect(site.db).toBeNull();
          expect(await site.data.db.selectFrom('videos').select('id').execute()).toEqual([]);
          await site.close();
        }
      } finally {
        await pg.stop();
      }
    },
  );
});
