import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { MemberAvatar } from '../components/member-card';
import { getI18n } from '../lib/i18n';
import { formatDate } from '../lib/intl';
import { requireMemberPage } from '../lib/member-only';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { routeStrings, useStrings } from '../lib/use-strings';
import type { Route } from './+types/messages';

const strings = routeStrings('members');
export const handle = { strings };

/** `/messages/`: the member's conversations, latest first, with unread counts. Members only. */
export async function loader({ context }: Route.LoaderArgs) {
  requireMemberPage(context);
  return { conversations: await context.api.me.conversations() };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('messages.title'), noindex: true });
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { t } = useTranslation();
  const { lang } = useRootData();
  return (
    <div className="messages-page">
      <h1 className="page-title">{t('messages.title')}</h1>
      {loaderData.conversations.length === 0 ? (
        <EmptyState>{t('messages.empty')}</EmptyState>
      ) : (
        <ul className="conversations" data-testid="conversations">
          {loaderData.conversations.map((c) => (
            <li key={c.member.id}>
              <Link
                to={`/messages/${c.member.id}/`}
                className={`conversation${c.unread > 0 ? ' conversation--unread' : ''}`}
              >
                <MemberAvatar name={c.member.name} avatar={c.member.avatar} size={40} />
                <span className="conversation__main">
                  <strong>{c.member.name}</strong>
                  <span className="conversation__last">
                    {c.last.fromMe ? `${t('messages.you')}: ` : ''}
                    {c.last.body}
                  </span>
                </span>
                <span className="conversation__meta">
                  {formatDate(c.last.createdAt, lang)}
                  {c.unread > 0 && (
                    <span className="conversation__unread" data-testid="conversation-unread">
                      {c.unread}
                    </span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
