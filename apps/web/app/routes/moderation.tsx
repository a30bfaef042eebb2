import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { withStrings } from '../lib/i18n';
import { requireStaff } from '../lib/staff-only';
import moderationCss from '../styles/moderation.css?url';
import type { Route } from './+types/moderation';

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
// `watch`: a queued video plays in the queue.
export const handle = { strings: ['staff', 'upload', 'watch'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['staff', 'upload', 'watch'], serverLoader);
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: moderationCss }];

/** `/moderation/…`: the staff area, with the pending queue, reports, takedowns, and for admins the team and audit log. */
export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  return {
    admin: context.viewer.role === 'admin',
    counts: await context.api.moderation.counts(),
  };
}

export default function ModerationLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { admin, counts } = loaderData;
  const tabs: [string, string, number | null, boolean][] = [
    ['/moderation/', t('moderation.tabs.queue'), counts.queue, false],
    [
      '/moderation/reports/',
      t('moderation.tabs.reports'),
      counts.reports.open,
      counts.reports.overdue > 0 || counts.reports.missed > 0,
    ],
    ['/moderation/takedowns/', t('moderation.tabs.takedowns'), null, false],
    ['/moderation/appeals/', t('moderation.tabs.appeals'), counts.appeals, false],
  ];
  if (admin)
    tabs.push(
      ['/moderation/transparency/', t('moderation.tabs.transparency'), null, false],
      ['/moderation/team/', t('moderation.tabs.team'), null, false],
      ['/moderation/audit/', t('moderation.tabs.audit'), null, false],
      ['/moderation/quarantine/', t('moderation.tabs.quarantine'), null, false],
    );
  return (
    <div className="moderation">
      <nav className="moderation__tabs" aria-label={t('moderation.title')}>
        {tabs.map(([to, label, count, alert]) => (
          <NavLink key={to} to={to} end className="moderation__tab">
            {label}
            {count !== null && count > 0 && (
              <span className={`mod-count${alert ? ' mod-count--alert' : ''}`} data-testid={`count-${to}`}>
                {count}
              </span>
            )}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
