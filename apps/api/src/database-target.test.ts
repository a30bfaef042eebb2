import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { requireSqliteSite } from './database-target';

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

  it('stops the site with a reason while only some aggregates run on PostgreSQL', () => {
    expect(() => requireSqliteSite({ databaseUrl: null })).not.toThrow();
    expect(() => requireSqliteSite({ databaseUrl: 'postgres://db/vt' })).toThrow(
      /only jobs, rate limits run on PostgreSQL so far/,
    );
  });
});
