/** The two databases the data layer runs on (ADR 0041). */
export type DialectName = 'sqlite' | 'postgres';
