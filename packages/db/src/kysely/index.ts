export type * from './database';
export { DAY_SECONDS, dayNumber, dayOf, monthOf } from './dialect/date-bucket';
export type { DialectName } from './dialect/dialect';
export { readJson, writeJson } from './dialect/json';
export {
  jsonFieldEquals,
  jsonFieldIsNull,
  jsonFieldPlus,
  jsonObject,
  jsonWithField,
} from './dialect/json-fields';
export { inIdList, rowsInOrderOf } from './dialect/listing-id-list';
export {
  hasAllBits,
  type ListingSortIndex,
  listingVideosTable,
  testedInIndex,
} from './dialect/listing-index';
export { lockedForEdit } from './dialect/revision-lock';
export { skipLockedRows } from './dialect/row-lock';
export { lockSequencedTable, type SequencedTable } from './dialect/screening-sequence';
export { textPrefixRange } from './dialect/search-prefix';
export { lockMemberUploads } from './dialect/uploads-member-lock';
export { migrateDatabase, migratePostgres } from './migrate';
export { type DataLayer, isPostgresUrl, postgresDataLayer, sqliteDataLayer } from './open';
export { runOnSqlite } from './sync-sqlite';
