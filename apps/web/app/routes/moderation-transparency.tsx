import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches } from '../lib/root-data';
import { requireStaff } from '../lib/staff-only';
import type { Route } from './+types/moderation-transparency';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The last twelve months up to this one, unless the page asks for others (`?from=YYYY-MM&to=YYYY-MM`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, 'admin');
  const q = new URL(request.url).searchParams;
  const now = new Date();
  const to = MONTH.test(q.get('to') ?? '') ? (q.get('to') as string) : now.toISOString().slice(0, 7);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const from = MONTH.test(q.get('from') ?? '') ? (q.get('from') as string) : start.toISOString().slice(0, 7);
  try {
    return { from, to, rows: (await context.api.moderation.transparency({ from, to })).rows, invalid: false };
  } catch {
    return { from, to, rows: [], invalid: true };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('moderation.transparency.title'), noindex: true });
}

/**
 * `/moderation/transparency/` (admins): the monthly transparency report per reason (ADR 0037), with CSV
 * and JSON exports of the same months.
 */
export default function ModerationTransparency({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { from, to, rows, invalid } = loaderData;
  const range = `from=${from}&to=${to}`;
  // Column titles, also each cell's label where the table becomes a list of cards (narrow screens).
  const col = {
    month: t('moderation.transparency.col.month'),
    reason: t('moderation.transparency.col.reason'),
    reports: t('moderation.transparency.col.reports'),
    removals: t('moderation.transparency.col.removals'),
    median: t('moderation.transparency.col.median'),
    appeals: t('moderation.transparency.col.appeals'),
    reversed: t('moderation.transparency.col.reversed'),
  };
  const hours = (s: number | null) =>
    s === null ? '–' : t('moderation.transparency.hours', { value: (s / 3600).toFixed(1) });
  const sum = (k: 'reportsReceived' | 'removals' | 'appealsReceived' | 'appealsReversed') =>
    rows.reduce((n, r) => n + r[k], 0);
  return (
    <section className="transparency">
      <header className="moderation__head">
        <h1 className="page-title">{t('moderation.transparency.title')}</h1>
      </header>
      <p>{t('moderation.transparency.intro')}</p>
      <Form method="get" className="transparency__range">
        <label>
          {t('moderation.transparency.from')}
          <input className="input" type="month" name="from" defaultValue={from} required />
        </label>
        <label>
          {t('moderation.transparency.to')}
          <input className="input" type="month" name="to" defaultValue={to} required />
        </label>
        <button type="submit" className="button">
          {t('moderation.transparency.show')}
        </button>
        {!invalid && (
          <>
            <a
              className="button"
              href={`/api/moderation/transparency.csv?${range}`}
              download
              data-testid="export-csv"
            >
              {t('moderation.transparency.csv')}
            </a>
            <a
              className="button"
              href={`/api/moderation/transparency.json?${range}`}
              download
              data-testid="export-json"
            >
              {t('moderation.transparency.json')}
            </a>
          </>
        )}
      </Form>
      {invalid ? (
        <p className="form-error" role="alert">
          {t('moderation.transparency.bad_range')}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState>{t('moderation.transparency.empty')}</EmptyState>
      ) : (
        <div className="transparency__table-wrap">
          <table className="transparency__table" data-testid="transparency-table">
            <thead>
              <tr>
                <th scope="col">{col.month}</th>
                <th scope="col">{col.reason}</th>
                <th scope="col">{col.reports}</th>
                <th scope="col">{col.removals}</th>
                <th scope="col">{col.median}</th>
                <th scope="col">{col.appeals}</th>
                <th scope="col">{col.reversed}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.month}-${r.reason}`}>
                  <td data-label={col.month}>{r.month}</td>
                  <td data-label={col.reason}>
                    {t(`moderation.subject.${r.reason}` as 'moderation.subject.other', {
                      defaultValue: r.reason,
                    })}
                  </td>
                  <td data-label={col.reports}>{r.reportsReceived}</td>
                  <td data-label={col.removals}>{r.removals}</td>
                  <td data-label={col.median}>{hours(r.medianSecondsToAction)}</td>
                  <td data-label={col.appeals}>{r.appealsReceived}</td>
                  <td data-label={col.reversed}>{r.appealsReversed}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={2}>{t('moderation.transparency.total')}</td>
                <td data-label={col.reports}>{sum('reportsReceived')}</td>
                <td data-label={col.removals}>{sum('removals')}</td>
                <td className="transparency__blank" />
                <td data-label={col.appeals}>{sum('appealsReceived')}</td>
                <td data-label={col.reversed}>{sum('appealsReversed')}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
