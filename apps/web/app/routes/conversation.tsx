import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { useMemberAction } from '../components/actions/use-member-action';
import { FormError } from '../components/auth/form-error';
import { Pagination } from '../components/pagination';
import { errorText } from '../lib/form-errors';
import { isMissingError, notFound } from '../lib/http-errors';
import { getI18n } from '../lib/i18n';
import { formatDate, isoDate } from '../lib/intl';
import { requireMemberPage } from '../lib/member-only';
import { memberHref } from '../lib/members';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { parseId, parsePage } from '../lib/route-params';
import { routeStrings, useStrings } from '../lib/use-strings';
import type { Route } from './+types/conversation';

const strings = routeStrings('members');
export const handle = { strings };

/** `/messages/{member_id}/`: the conversation with one member (page 1 the latest) and the reply box. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const me = requireMemberPage(context);
  const other = parseId(params.id) ?? notFound();
  if (other === me) notFound();
  const pageParam = new URL(request.url).searchParams.get('page');
  const page = pageParam === null ? 1 : (parsePage(pageParam) ?? notFound());
  try {
    return { page, ...(await context.api.me.conversation({ with: other, page })) };
  } catch (error) {
    if (isMissingError(error)) notFound();
    throw error;
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('messages.with', { name: loaderData?.member.name ?? '' }), noindex: true });
}

export default function ConversationPage({ loaderData }: Route.ComponentProps) {
  useStrings(strings);
  const { t } = useTranslation();
  const { lang } = useRootData();
  const { member, messages, page } = loaderData;
  const { run, busy } = useMemberAction();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const msg = String(new FormData(form).get('msg') ?? '').trim();
    if (!msg) return setError(errorText(t, { code: 'required' }));
    setError(null);
    const r = await run('/api/messages.php', { act: 'send', to: member.id, msg });
    if (r?.ok) {
      form.reset();
      revalidator.revalidate();
    }
  };

  return (
    <div className="messages-page">
      <p>
        <Link to="/messages/">{t('messages.all')}</Link>
      </p>
      <h1 className="page-title">
        <Link to={memberHref(member.id)}>{t('messages.with', { name: member.name })}</Link>
      </h1>
      <Pagination page={page} pages={messages.pages} href={(n) => `/messages/${member.id}/?page=${n}`} />
      <ol className="message-list" data-testid="message-list">
        {messages.items.map((m) => (
          <li key={m.id} className={`message${m.fromMe ? ' message--mine' : ''}`} data-testid="message">
            <p className="message__body">{m.body}</p>
            <time className="message__time" dateTime={isoDate(m.createdAt)}>
              {formatDate(m.createdAt, lang)}
            </time>
          </li>
        ))}
      </ol>
      <form className="comment-form" onSubmit={send} noValidate data-testid="message-form">
        <textarea
          name="msg"
          className="input comment-form__text"
          rows={3}
          maxLength={2000}
          aria-label={t('messages.write', { name: member.name })}
          placeholder={t('messages.write', { name: member.name })}
        />
        <FormError text={error} />
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('messages.send')}
        </button>
      </form>
    </div>
  );
}
