import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './dialect';

/**
 * `column IN (ids)` with ONE parameter, so a query's text is the same for any number of ids (the SQLite
 * data layer keeps prepared statements by text, and a page of 1 to 240 ids must not make 240 statements).
 * SQLite: a JSON array read by `json_each`; PostgreSQL: an array parameter and `= ANY`.
 */
export function inIdList(dialect: DialectName, column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  return dialect === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(cast(${[...ids]} as bigint[]))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * The rows of `table` (as `alias`) whose ids an id query returns, in its order, in ONE statement, or null where two
 * are as cheap. PostgreSQL: the ids as an array numbered `with ordinality`, joined back — a listing's page
 * and its thumbs cost one round trip, not two. SQLite: null (the ids, then their rows by `inIdList`, are
 * two prepared statements in-process).
 */
export function rowsInOrderOf(
  dialect: DialectName,
  idQuery: RawBuilder<unknown>,
  table: string,
  alias: string,
  columns: readonly string[],
): RawBuilder<unknown> | null {
  if (dialect !== 'postgres') return null;
  return sql`select ${sql.join(columns.map((c) => sql.ref(c)))}
    from unnest(array(${idQuery})) with ordinality as page(id, n)
    join ${sql.table(table)} as ${sql.id(alias)} on ${sql.ref(`${alias}.id`)} = page.id
    order by page.n`;
}
