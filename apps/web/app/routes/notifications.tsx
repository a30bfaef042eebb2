import { isLang } from '@vt/i18n';
import { notificationHref, notificationText } from '@vt/i18n/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { FriendAnswerButtons } from '../components/actions/friend-requests';
import { EmptyState } from '../components/empty-state';
import { Pagination } from '../components/pagination';
import { useNotify } from '../components/toasts';
import { apiClient } from '../lib/api-client';
import { getI18n, withStrings } from '../lib/i18n';
import { formatDate } from '../lib/intl';
import { requireMemberPage } from '../lib/member-only';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import type { Route } from './+types/notifications';

/** Strings beyond the core this page shows (lib/i18n.ts): inlined on a first load, fetched on a client-side one. */
export const handle = { strings: ['upload', 'members'] };

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  return withStrings(['upload', 'members'], serverLoader);
}

const pageHref = (page: number) => (page > 1 ? `/notifications/${page}/` : '/notifications/');

/**
 * `/notifications/`: the member's notifications, newest first, each a sentence (said here, in the member's
 * language) linking to its object; friend requests answered in place. Members only, never cached.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const me = requireMemberPage(context);
  const page = Number(params.page ?? 1);
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw new Response(null, { status: 404 });
  const list = await context.api.notifications.list({ page });
  const { t } = getI18n(isLang(context.lang) ? context.lang : 'en');
  return {
    ...list,
    items: list.items.map((n) => ({
      id: n.id,
      kind: n.kind,
      unread: n.unread,
      createdAt: n.createdAt,
      text: notificationText(t, n),
      href: notificationHref(n, me),
      /** The member who asked, for Accept and Decline (unanswered friend requests only). */
      requestFrom: n.kind === 'friend_request' && !n.params.answer ? Number(n.params.from) : null,
      answer: typeof n.params.answer === 'string' ? n.params.answer : null,
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('account.notifications'), noindex: true });
}

type Item = Route.ComponentProps['loaderData']['items'][number];

function FriendRequestAnswer({ item, onAnswered }: { item: Item; onAnswered: () => void }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState(item.answer);
  if (answer)
    return (
      <span className="notification__answer">
        {t(answer === 'accepted' ? 'notification.answer_accepted' : 'notification.answer_declined')}
      </span>
    );
  if (item.requestFrom === null) return null;
  return (
    <FriendAnswerButtons
      memberId={item.requestFrom}
      onAnswered={(a) => {
        setAnswer(a);
        onAnswered();
      }}
    />
  );
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, viewer } = useRootData();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  // Read marks the page made since its data loaded (the next load brings them from the server).
  const [read, setRead] = useState<ReadonlySet<number>>(new Set());
  const unread = (n: Item) => n.unread && !read.has(n.id);

  const mark = async (ids: number[] | 'all') => {
    setBusy(true);
    try {
      if (ids === 'all') await apiClient().notifications.readAll.mutate();
      else for (const id of ids) await apiClient().notifications.read.mutate({ id });
      setRead((prev) => new Set([...prev, ...(ids === 'all' ? loaderData.items.map((n) => n.id) : ids)]));
      await revalidator.revalidate();
    } catch {
      notify({ error: '', code: 'unknown' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="notifications-page">
      <div className="notifications-page__head">
        <h1 className="page-title">{t('account.notifications')}</h1>
        {viewer.notifications > 0 && (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => mark('all')}
          >
            {t('notification.mark_all_read')}
          </button>
        )}
      </div>
      {loaderData.items.length === 0 ? (
        <EmptyState>{t('notification.empty')}</EmptyState>
      ) : (
        <ul className="notification-list" data-testid="notification-list">
          {loaderData.items.map((n) => (
            <li
              key={n.id}
              className={`notification${unread(n) ? ' notification--unread' : ''}`}
              data-testid="notification"
              data-kind={n.kind}
            >
              <div className="notification__main">
                <Link
                  to={n.href}
                  className="notification__text"
                  onClick={() => {
                    if (unread(n))
                      apiClient()
                        .notifications.read.mutate({ id: n.id })
                        .catch(() => {});
                  }}
                >
                  {unread(n) && <span className="visually-hidden">{t('notification.unread')}: </span>}
                  {n.text}
                </Link>
                <span className="notification__date">{formatDate(n.createdAt, lang)}</span>
              </div>
              <div className="notification__side">
                {n.kind === 'friend_request' && (
                  <FriendRequestAnswer item={n} onAnswered={() => revalidator.revalidate()} />
                )}
                {unread(n) && (
                  <button
                    type="button"
                    className="button button--secondary notification__mark"
                    disabled={busy}
                    onClick={() => mark([n.id])}
                  >
                    {t('notification.mark_read')}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={loaderData.page} pages={loaderData.pages} href={pageHref} />
    </div>
  );
}
