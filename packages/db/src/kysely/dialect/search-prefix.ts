import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './dialect';

/**
 * `column` starts with `prefix`, as a range on the column's index (the suggester's popular searches):
 * `prefix <= column < prefix || U+FFFF`. SQLite compares text by its bytes; PostgreSQL by the database's
 * collation, where U+FFFF may sort anywhere (or be ignored), so there the range is compared `COLLATE "C"`
 * (bytes, like SQLite; a database created with the C locale uses the primary key's index for it).
 */
export function textPrefixRange(dialect: DialectName, column: string, prefix: string): RawBuilder<SqlBool> {
  const end = `${prefix}\uffff`;
  return dialect === 'postgres'
    ? sql<SqlBool>`(${sql.ref(column)} collate "C" >= ${prefix} and ${sql.ref(column)} collate "C" < ${end})`
    : sql<SqlBool>`(${sql.ref(column)} >= ${prefix} and ${sql.ref(column)} < ${end})`;
}
