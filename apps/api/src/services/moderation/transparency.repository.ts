import { type DataLayer, monthOf } from '@vt/db';
import { sql } from 'kysely';

/** The half-open window [start, end) of Unix seconds a transparency report covers. */
export interface Window {
  start: number;
  end: number;
}

/**
 * The transparency report's reads (ADR 0037, ADR 0041), on SQLite or PostgreSQL: counts per UTC month
 * (dialect/date-bucket.ts's `monthOf`) and reason, and the waits from a report's arrival to its decision.
 */
export function createTransparencyRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  /** Rows of `table` per month of `time` and `reason` in the window, counted. */
  const perMonth = (
    table: 'reports' | 'removals' | 'appeals',
    time: 'created_at' | 'decided_at',
    reason: 'subject' | 'reason' | 'ground',
    { start, end }: Window,
  ) =>
    db
      .selectFrom(table)
      .select([
        monthOf(sql.ref<number>(time), dialect).as('month'),
        sql<string>`${sql.ref(reason)}`.as('reason'),
        sql<number>`count(*)`.as('n'),
      ])
      .where(sql.ref(time), '>=', start)
      .where(sql.ref(time), '<', end)
      .groupBy([sql.ref('month'), sql.ref(reason)]);

  return {
    /** Reports received, by month received and subject. */
    reportsReceived(w: Window) {
      return perMonth('reports', 'created_at', 'subject', w).execute();
    },

    /** Removals, by month removed and reason. */
    removals(w: Window) {
      return perMonth('removals', 'created_at', 'reason', w).execute();
    },

    /** Appeals filed, by month filed and ground. */
    appealsReceived(w: Window) {
      return perMonth('appeals', 'created_at', 'ground', w).execute();
    },

    /** Appeals reversed, by month decided and ground. */
    appealsReversed(w: Window) {
      return perMonth('appeals', 'decided_at', 'ground', w)
        .where(sql.ref('status'), '=', 'reversed')
        .execute();
    },

    /** Seconds from each decided report's arrival to its decision, by month decided and subject. */
    decisionWaits({ start, end }: Window) {
      return db
        .selectFrom('reports')
        .select((eb) => [
          monthOf(eb.ref('resolved_at'), dialect).as('month'),
          eb.ref('subject').as('reason'),
          eb('resolved_at', '-', eb.ref('created_at')).$castTo<number>().as('s'),
        ])
        .where('resolved_at', '>=', start)
        .where('resolved_at', '<', end)
        .execute();
    },
  };
}

export type TransparencyRepository = ReturnType<typeof createTransparencyRepository>;
