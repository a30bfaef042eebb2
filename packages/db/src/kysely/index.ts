export type * from './database';
export type { DialectName } from './dialect/dialect';
export { readJson, writeJson } from './dialect/json';
export { skipLockedRows } from './dialect/row-lock';
export { migratePostgres, POSTGRES_AGGREGATES } from './migrate-pg';
export { type DataLayer, isPostgresUrl, postgresDataLayer, sqliteDataLayer } from './open';
