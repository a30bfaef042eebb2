import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The header's bell: a link to /notifications/ with the unread count (members only; never in cached HTML). */
export function NotificationBell({ count }: { count: number }) {
  const { t } = useTranslation();
  const label = count > 0 ? t('account.notifications_unread', { count }) : t('account.notifications');
  return (
    <Link to="/notifications/" className="bell" aria-label={label} title={label} data-testid="bell">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {count > 0 && (
        <span className="bell__count" data-testid="bell-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
