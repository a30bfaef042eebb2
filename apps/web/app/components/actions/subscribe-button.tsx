import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { useRootData } from '../../lib/root-data';
import { useMemberAction } from './use-member-action';

/** Subscribe to an uploader, model or channel; pressed once subscribed, pressing again unsubscribes. */
export function SubscribeButton({
  section,
  objectId,
}: {
  section: 'member' | 'model' | 'channel';
  objectId: number;
}) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const { run, busy } = useMemberAction();
  const [subscribed, setSubscribed] = useState(false);
  useEffect(() => {
    if (viewer.memberId === null || (section === 'member' && objectId === viewer.memberId)) return;
    apiClient()
      .me.subscribed.query({ section, id: objectId })
      .then(setSubscribed, () => {});
  }, [viewer.memberId, section, objectId]);
  if (section === 'member' && objectId === viewer.memberId) return null;

  const toggle = async () => {
    const r = await run('/api/stats.php', {
      act: subscribed ? 'unsubscribe' : 'subscribe',
      section,
      object_id: objectId,
    });
    if (r?.ok || (r && !r.ok && r.code === 'already_subscribed'))
      setSubscribed(!subscribed || r.ok === undefined);
  };
  return (
    <button
      type="button"
      className={`button subscribe-button${subscribed ? ' subscribe-button--on' : ''}`}
      aria-pressed={subscribed}
      disabled={busy}
      onClick={toggle}
      data-testid="subscribe-button"
    >
      {subscribed ? t('actions.subscribed') : t('actions.subscribe')}
    </button>
  );
}
