import type { TransparencyRepository } from './transparency.repository';

/** A month as `YYYY-MM` (UTC). */
export type Month = `${number}-${number}`;
export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** At most this many months in one report (ten years). */
export const TRANSPARENCY_MAX_MONTHS = 120;

export interface TransparencyRow {
  month: string;
  reason: string;
  reportsReceived: number;
  removals: number;
  /** Median seconds from a report's arrival to the moderator's decision on it; null without decisions. */
  medianSecondsToAction: number | null;
  appealsReceived: number;
  appealsReversed: number;
}

const monthStart = (m: string) => {
  const [, y, mo] = MONTH.exec(m) ?? [];
  return Date.UTC(Number(y), Number(mo) - 1, 1) / 1000;
};
const nextMonth = (m: string) => {
  const d = new Date(monthStart(m) * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
};
const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
};

export const CSV_COLUMNS = [
  'month',
  'reason',
  'reports_received',
  'removals',
  'median_hours_to_action',
  'appeals_received',
  'appeals_reversed',
] as const;

/**
 * The transparency report (ADR 0037): per UTC month and reason, from what is recorded as it happens —
 * reports received (report time, subject), removals (removal time, reason), the median time from a
 * report's arrival to its decision (by the month of the decision), appeals received and reversed (by the
 * reason of the removal or request appealed, in the month filed / decided).
 */
export function createTransparency({ repo }: { repo: TransparencyRepository }) {
  return {
    async report(from: string, to: string): Promise<TransparencyRow[]> {
      const window = { start: monthStart(from), end: monthStart(nextMonth(to)) };
      const rows = new Map<string, TransparencyRow>();
      const row = (month: string, reason: string) => {
        const key = `${month}|${reason}`;
        let r = rows.get(key);
        if (!r) {
          r = {
            month,
            reason,
            reportsReceived: 0,
            removals: 0,
            medianSecondsToAction: null,
            appealsReceived: 0,
            appealsReversed: 0,
          };
          rows.set(key, r);
        }
        return r;
      };
      const [reportsReceived, removals, appealsReceived, appealsReversed, decisionWaits] = await Promise.all([
        repo.reportsReceived(window),
        repo.removals(window),
        repo.appealsReceived(window),
        repo.appealsReversed(window),
        repo.decisionWaits(window),
      ]);
      const counts = (
        found: readonly { month: string; reason: string; n: number }[],
        field: 'reportsReceived' | 'removals' | 'appealsReceived' | 'appealsReversed',
      ) => {
        for (const c of found) row(c.month, c.reason)[field] = c.n;
      };
      counts(reportsReceived, 'reportsReceived');
      counts(removals, 'removals');
      counts(appealsReceived, 'appealsReceived');
      counts(appealsReversed, 'appealsReversed');
      const waits = new Map<string, number[]>();
      for (const w of decisionWaits) {
        const key = `${w.month}|${w.reason}`;
        waits.set(key, [...(waits.get(key) ?? []), Math.max(0, w.s)]);
      }
      for (const [key, xs] of waits) {
        const [month, reason] = key.split('|') as [string, string];
        row(month, reason).medianSecondsToAction = median(xs);
      }
      return [...rows.values()].sort((a, b) =>
        a.month === b.month ? a.reason.localeCompare(b.reason) : a.month.localeCompare(b.month),
      );
    },

    /** RFC 4180 CSV with a header row; hours to one decimal. */
    csv(rows: readonly TransparencyRow[]): string {
      const lines = rows.map((r) =>
        [
          r.month,
          r.reason,
          r.reportsReceived,
          r.removals,
          r.medianSecondsToAction === null ? '' : (r.medianSecondsToAction / 3600).toFixed(1),
          r.appealsReceived,
          r.appealsReversed,
        ].join(','),
      );
      return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
    },
  };
}

/** Months from..to inclusive is a valid, ordered range of at most TRANSPARENCY_MAX_MONTHS. */
export function validMonthRange(from: string, to: string): boolean {
  if (!MONTH.test(from) || !MONTH.test(to) || from > to) return false;
  const months =
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5)) - Number(from.slice(5));
  return months < TRANSPARENCY_MAX_MONTHS;
}

export type Transparency = ReturnType<typeof createTransparency>;
