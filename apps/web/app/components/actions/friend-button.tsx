import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { useMemberAction } from './use-member-action';

type Relation = 'none' | 'sent' | 'received' | 'friends';

/** Friendship with the member whose page this is: request, accept or decline, remove. */
export function FriendButtons({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const { run, busy } = useMemberAction();
  const [relation, setRelation] = useState<Relation>('none');
  useEffect(() => {
    if (viewer.memberId === null || viewer.memberId === memberId) return;
    apiClient()
      .me.friendship.query({ id: memberId })
      .then(setRelation, () => {});
  }, [viewer.memberId, memberId]);
  if (viewer.memberId === memberId) return null;

  const act = async (type: 'request' | 'accept' | 'decline' | 'remove', next: Relation) => {
    const r = await run('/api/input.php', { act: 'friends', type, object_id: memberId });
    if (r?.ok) setRelation(r.code === 'friend_added' ? 'friends' : next);
    else if (r?.code === 'friend_request_already_sent') setRelation('sent');
  };
  const button = (label: string, onClick: () => void, secondary = false) => (
    <button
      type="button"
      className={secondary ? 'button button--secondary' : 'button'}
      disabled={busy}
      onClick={onClick}
    >
      {label}
    </button>
  );
  switch (relation) {
    case 'none':
      return button(t('actions.friend_request'), () => act('request', 'sent'));
    case 'sent':
      return button(t('actions.friend_sent'), () => act('request', 'sent'));
    case 'received':
      return (
        <>
          {button(t('actions.friend_accept'), () => act('accept', 'friends'))}
          {button(t('actions.friend_decline'), () => act('decline', 'none'), true)}
        </>
      );
    case 'friends':
      return button(
        t('actions.friend_remove'),
        () => {
          if (window.confirm(t('member.remove_friend_confirm'))) act('remove', 'none');
        },
        true,
      );
  }
}
