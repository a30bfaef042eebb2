/**
 * Every job the worker knows, with its payload (ADR 0004). A name here without exactly one handler, or a
 * handler without a name here, stops the worker at start (assertCatalogue).
 */
export interface JobPayloads {
  /** Recomputes the denormalised counters and listing totals (hourly). */
  'stats.rollup': Record<string, never>;
  /** Deletes expired sessions (daily). */
  'sessions.purge': Record<string, never>;
}

export type JobName = keyof JobPayloads;

export const JOB_NAMES = ['stats.rollup', 'sessions.purge'] as const satisfies readonly JobName[];
