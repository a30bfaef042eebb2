/**
 * Contract tests on both databases (ADR 0041) for the view counters, the audit log and notifications: a
 * fresh migrated database per test, on SQLite (a file) or on the throwaway PostgreSQL server.
 */
import { describeOnBothDatabases, type OpenedDatabase } from '@vt/db/testing';

/** One test's database, and `connect()` for a second node's connection to it. */
export type TestDatabase = Pick<OpenedDatabase, 'layer' | 'connect'>;

/** `describe`s the suite once per database; `db()` is the current test's database. */
export const onBothDatabases = (title: string, suite: (db: () => TestDatabase) => void): void =>
  describeOnBothDatabases(title, suite);
