import { NOTIFICATION_GROUPS, type NotificationGroup } from '@vt/i18n/notifications';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { useToast } from '../toasts';

/** The member's notification choices on /member_edit/: kinds they receive and the daily email digest. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const { show } = useToast();
  const [prefs, setPrefs] = useState<{ muted: NotificationGroup[]; digest: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    apiClient()
      .notifications.prefs.query()
      .then(setPrefs, () => setPrefs({ muted: [], digest: false }));
  }, []);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const on = new Set(data.getAll('kind'));
    setBusy(true);
    try {
      setPrefs(
        await apiClient().notifications.savePrefs.mutate({
          muted: NOTIFICATION_GROUPS.filter((g) => !on.has(g)),
          digest: data.get('digest') === '1',
        }),
      );
      show('success', t('notification.prefs.saved'));
    } catch {
      show('error', t('form.error.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="auth-form member-edit__form" onSubmit={save} data-testid="notification-settings">
      <h2 className="section-title">{t('notification.prefs.title')}</h2>
      <p>{t('notification.prefs.intro')}</p>
      {prefs &&
        NOTIFICATION_GROUPS.map((g) => (
          <label key={g} className="filter filter--checkbox">
            <input type="checkbox" name="kind" value={g} defaultChecked={!prefs.muted.includes(g)} />
            <span>{t(`notification.prefs.group.${g}`)}</span>
          </label>
        ))}
      {prefs && (
        <label className="filter filter--checkbox">
          <input type="checkbox" name="digest" value="1" defaultChecked={prefs.digest} />
          <span>{t('notification.prefs.digest')}</span>
        </label>
      )}
      <button type="submit" className="button" disabled={busy || !prefs}>
        {t('notification.prefs.save')}
      </button>
    </form>
  );
}
