import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DialectName } from './dialect';

/**
 * Fields of a JSON object column (ADR 0041: JSON is text in SQLite, jsonb in PostgreSQL): SQLite's
 * `json_extract`/`json_set`/`json_object`, PostgreSQL's `->>`/`jsonb_set`/`jsonb_build_object`. Keys are
 * plain identifiers written into the SQL, never user input.
 */
const keyOf = (key: string) => {
  if (!/^[a-z_][a-z0-9_]*$/i.test(key)) throw new Error(`not a JSON key: ${key}`);
  return key;
};

/** `field = value`: SQLite compares the JSON value itself, PostgreSQL its text. */
export function jsonFieldEquals(
  column: Expression<unknown>,
  key: string,
  value: string | number,
  dialect: DialectName,
): RawBuilder<boolean> {
  return dialect === 'postgres'
    ? sql<boolean>`(${column} ->> ${sql.lit(keyOf(key))}) = ${String(value)}`
    : sql<boolean>`json_extract(${column}, ${sql.lit(`$.${keyOf(key)}`)}) = ${value}`;
}

/** The field is missing or JSON null. */
export function jsonFieldIsNull(
  column: Expression<unknown>,
  key: string,
  dialect: DialectName,
): RawBuilder<boolean> {
  return dialect === 'postgres'
    ? sql<boolean>`(${column} ->> ${sql.lit(keyOf(key))}) is null`
    : sql<boolean>`json_extract(${column}, ${sql.lit(`$.${keyOf(key)}`)}) is null`;
}

/** A numeric field plus `n`. */
export function jsonFieldPlus(
  column: Expression<unknown>,
  key: string,
  n: number,
  dialect: DialectName,
): RawBuilder<number> {
  return dialect === 'postgres'
    ? sql<number>`(cast(${column} ->> ${sql.lit(keyOf(key))} as bigint) + ${sql.lit(n)})`
    : sql<number>`(json_extract(${column}, ${sql.lit(`$.${keyOf(key)}`)}) + ${sql.lit(n)})`;
}

/** The object with one field set to a text or integer value (an SQL expression). */
export function jsonWithField(
  column: Expression<unknown>,
  key: string,
  value: Expression<string | number | null>,
  dialect: DialectName,
): RawBuilder<string> {
  return dialect === 'postgres'
    ? sql<string>`jsonb_set(${column}, ${sql.lit(`{${keyOf(key)}}`)}, to_jsonb(${value}))`
    : sql<string>`json_set(${column}, ${sql.lit(`$.${keyOf(key)}`)}, ${value})`;
}

/** A new object from text and integer values (SQL expressions, typed: PostgreSQL needs their types). */
export function jsonObject(
  fields: Record<string, Expression<string | number | null>>,
  dialect: DialectName,
): RawBuilder<string> {
  const args = sql.join(Object.entries(fields).map(([k, v]) => sql`${sql.lit(keyOf(k))}, ${v}`));
  return dialect === 'postgres'
    ? sql<string>`jsonb_build_object(${args})`
    : sql<string>`json_object(${args})`;
}
