import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, renderDatabaseTypes } from './generate-types';

describe('the Kysely row types', () => {
  it('match the drizzle schema (run `npm run db:types` after a schema change)', () => {
    expect(readFileSync(DATABASE_TYPES_FILE, 'utf8')).toBe(renderDatabaseTypes());
  });
});
