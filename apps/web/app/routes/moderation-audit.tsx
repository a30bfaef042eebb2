import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { ModTable } from '../components/moderation/mod-table';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { requireStaff } from '../lib/staff-only';
import type { Route } from './+types/moderation-audit';

const PAGE_SIZE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A yyyy-mm-dd field as unix seconds (UTC), the day's start or its end. */
const dayToUnix = (value: string | null, endOfDay: boolean) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(value))
    ? Math.floor(Date.parse(value) / 1000) + (endOfDay ? 86_399 : 0)
    : undefined;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, 'admin');
  const q = new URL(request.url).searchParams;
  const filters = {
    actor: q.get('actor') ?? '',
    action: q.get('action') ?? '',
    from: q.get('from') ?? '',
    to: q.get('to') ?? '',
  };
  const page = Math.max(1, Math.min(10_000, Number.parseInt(q.get('page') ?? '1', 10) || 1));
  const actorId = /^\d{1,10}$/.test(filters.actor) ? Number(filters.actor) : undefined;
  const result = await context.api.moderation.audit({
    actorId,
    action: (filters.action || undefined) as 'video.approve' | undefined,
    from: dayToUnix(filters.from, false),
    to: dayToUnix(filters.to, true),
    page,
  });
  return { ...result, filters, page };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('moderation.audit.title'), noindex: true });
}

const summary = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** `/moderation/audit/`: every moderator and admin action, newest first; admins only. */
export default function ModerationAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const { entries, total, actors, actions, filters, page } = loaderData;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const href = (p: number) => {
    const q = new URLSearchParams({ ...filters, page: String(p) });
    for (const [k, v] of [...q]) if (!v) q.delete(k);
    return `/moderation/audit/?${q}`;
  };
  const time = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return (
    <section className="moderation-audit">
      <h1 className="page-title">{t('moderation.audit.title')}</h1>
      <Form method="get" className="mod-form mod-form--inline" data-testid="audit-filters">
        <label className="mod-form__field">
          <span>{t('moderation.audit.actor')}</span>
          <select name="actor" defaultValue={filters.actor}>
            <option value="">{t('moderation.audit.anyone')}</option>
            {actors.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label className="mod-form__field">
          <span>{t('moderation.audit.action')}</span>
          <select name="action" defaultValue={filters.action}>
            <option value="">{t('moderation.audit.any_action')}</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {t(`moderation.action.${a.replace('.', '_')}` as 'moderation.action.video_approve')}
              </option>
            ))}
          </select>
        </label>
        <label className="mod-form__field">
          <span>{t('moderation.audit.from')}</span>
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label className="mod-form__field">
          <span>{t('moderation.audit.to')}</span>
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <button type="submit" className="button">
          {t('moderation.audit.filter')}
        </button>
      </Form>
      {entries.length === 0 ? (
        <EmptyState>{t('moderation.audit.empty')}</EmptyState>
      ) : (
        <ModTable data-testid="audit-log">
          <thead>
            <tr>
              <th>{t('moderation.audit.when')}</th>
              <th>{t('moderation.audit.actor')}</th>
              <th>{t('moderation.audit.action')}</th>
              <th>{t('moderation.audit.target')}</th>
              <th>{t('moderation.audit.reason')}</th>
              <th>{t('moderation.audit.change')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-testid="audit-entry" data-action={e.action}>
                <td>{time.format(e.createdAt * 1000)}</td>
                <td>{e.actorName ?? t('moderation.audit.shell')}</td>
                <td>
                  {t(`moderation.action.${e.action.replace('.', '_')}` as 'moderation.action.video_approve')}
                </td>
                <td>
                  {e.targetType === 'video' && e.targetId ? (
                    <Link to={`/videos/${e.targetId}/`}>
                      {t('moderation.kind.video')} #{e.targetId}
                    </Link>
                  ) : (
                    `${e.targetType} #${e.targetId ?? ''}`
                  )}
                </td>
                <td>{e.reason}</td>
                <td className="mod-table__change">
                  <code>{summary(e.before)}</code> → <code>{summary(e.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </ModTable>
      )}
      {pages > 1 && (
        <nav className="mod-pages" aria-label={t('pagination.label')}>
          {page > 1 && <a href={href(page - 1)}>{t('pagination.prev')}</a>}
          <span>
            {page} / {pages}
          </span>
          {page < pages && <a href={href(page + 1)}>{t('pagination.next')}</a>}
        </nav>
      )}
    </section>
  );
}
