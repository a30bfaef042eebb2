import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiClient } from '../../lib/api-client';
import { formatDate } from '../../lib/intl';

type Note = Awaited<
  ReturnType<ReturnType<typeof apiClient>['me']['notifications']['query']>
>['items'][number];

/** What moderators decided about the member's uploads, in the member's language; read once shown. */
export function NotificationsList({ lang }: { lang: string }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<Note[] | null>(null);

  useEffect(() => {
    let stop = false;
    apiClient()
      .me.notifications.query()
      .then(async (r) => {
        if (stop) return;
        setItems(r.items.slice(0, 10));
        if (r.unread > 0) await apiClient().me.readNotifications.mutate();
      })
      .catch(() => setItems([]));
    return () => {
      stop = true;
    };
  }, []);

  if (!items || items.length === 0) return null;
  const text = (n: Note) => {
    const p = n.params as Record<string, string | number>;
    const reason = p.reason ? t(`moderation.reason.${p.reason}` as 'moderation.reason.other') : '';
    return t(`notification.${n.kind}` as 'notification.video_approved', { ...p, reason, note: p.note ?? '' });
  };
  return (
    <section className="notifications" data-testid="notifications">
      <h2 className="section-title">{t('notification.title')}</h2>
      <ul className="notifications__list">
        {items.map((n) => (
          <li
            key={n.id}
            className={n.unread ? 'notifications__item notifications__item--unread' : 'notifications__item'}
          >
            <span>{text(n)}</span>{' '}
            <span className="notifications__date">{formatDate(n.createdAt, lang)}</span>
            {n.kind === 'video_approved' && (
              <>
                {' '}
                <Link to={`/videos/${n.params.id}/${n.params.dir ?? ''}/`}>{t('upload.watch')}</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
