/**
 * JSON columns (ADR 0041): text in SQLite, jsonb in PostgreSQL. Written as a JSON string on both (PostgreSQL
 * casts the parameter); read back as a string from SQLite and as a parsed value from pg.
 */
export const writeJson = (value: unknown): string => JSON.stringify(value ?? null);

export function readJson<T = unknown>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
