import { abbreviateCount } from '@vt/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMemberAction } from './use-member-action';

/** Like and dislike (spec §7 act=vote, once per member): the counts update from the answer. */
export function VoteButtons({
  section,
  objectId,
  likes,
  dislikes,
}: {
  section: 'video' | 'album';
  objectId: number;
  likes: number;
  dislikes: number;
}) {
  const { t } = useTranslation();
  const { run, busy } = useMemberAction();
  const [counts, setCounts] = useState({ likes, dislikes });
  const vote = async (value: 0 | 1) => {
    const r = await run<{ likes: number; dislikes: number }>('/api/stats.php', {
      act: 'vote',
      section,
      object_id: objectId,
      vote: value,
    });
    if (r?.ok) setCounts({ likes: r.likes, dislikes: r.dislikes });
  };
  return (
    <span className="vote-buttons" data-testid="vote-buttons">
      <button type="button" className="video-actions__button" disabled={busy} onClick={() => vote(1)}>
        {t('actions.like')} <span className="vote-buttons__count">{abbreviateCount(counts.likes)}</span>
      </button>
      <button type="button" className="video-actions__button" disabled={busy} onClick={() => vote(0)}>
        {t('actions.dislike')} <span className="vote-buttons__count">{abbreviateCount(counts.dislikes)}</span>
      </button>
    </span>
  );
}
