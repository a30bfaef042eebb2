import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { apiClient } from '../../lib/api-client';
import { memberHref } from '../../lib/members';
import { MemberAvatar } from '../member-card';
import { useMemberAction } from './use-member-action';

/** Accept and Decline for a friend request from `memberId`, wherever it is shown; `onAnswered` gets the answer. */
export function FriendAnswerButtons({
  memberId,
  onAnswered,
}: {
  memberId: number;
  onAnswered: (answer: 'accepted' | 'declined') => void;
}) {
  const { t } = useTranslation();
  const { run, busy } = useMemberAction();
  const act = async (type: 'accept' | 'decline') => {
    const r = await run('/api/input.php', { act: 'friends', type, object_id: memberId });
    // Already answered elsewhere: the request is gone either way.
    if (r?.ok || r?.code === 'no_friend_request') onAnswered(type === 'accept' ? 'accepted' : 'declined');
  };
  return (
    <span className="friend-answer">
      <button type="button" className="button" disabled={busy} onClick={() => act('accept')}>
        {t('actions.friend_accept')}
      </button>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy}
        onClick={() => act('decline')}
      >
        {t('actions.friend_decline')}
      </button>
    </span>
  );
}

type Request = Awaited<ReturnType<ReturnType<typeof apiClient>['me']['friendRequests']['query']>>[number];

/** The owner's friends tab: requests others sent them, answered in place (fetched, never in cached HTML). */
export function FriendRequests() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [requests, setRequests] = useState<Request[]>([]);
  useEffect(() => {
    apiClient()
      .me.friendRequests.query()
      .then(setRequests, () => {});
  }, []);
  if (requests.length === 0) return null;
  return (
    <section className="friend-requests" data-testid="friend-requests">
      <h3 className="friend-requests__title">{t('member.friend_requests')}</h3>
      <ul className="friend-requests__list">
        {requests.map((r) => (
          <li key={r.id} className="friend-requests__item">
            <Link to={memberHref(r.id)} className="friend-requests__member">
              <MemberAvatar name={r.name} avatar={r.avatar} size={40} />
              <span>{r.name}</span>
            </Link>
            <FriendAnswerButtons
              memberId={r.id}
              onAnswered={() => {
                setRequests((all) => all.filter((x) => x.id !== r.id));
                revalidator.revalidate();
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
