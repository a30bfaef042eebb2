import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { postForm } from '../lib/legacy-post';
import { memberTabHref } from '../lib/members';
import { useRootData } from '../lib/root-data';
import { CountBadge } from './count-badge';
import { GatedImage } from './gated-image';
import { NotificationBell } from './notification-bell';

/**
 * Spec §2: the member's menu, with the bell. Its own chunk (loaded by AccountMenu for members only), so a
 * visitor's first load does not carry it. Sign-out clears the cookie and reloads.
 */
export default function MemberMenu() {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', outside);
    return () => document.removeEventListener('click', outside);
  }, [open]);

  const id = viewer.memberId ?? 0;
  const links: [string, string][] = [
    [memberTabHref(id, 'overview'), t('account.profile')],
    ['/add-video/', t('account.add_video')],
    [memberTabHref(id, 'uploaded'), t('account.uploads')],
    [memberTabHref(id, 'albums'), t('account.albums')],
    [memberTabHref(id, 'playlists'), t('account.my_playlists')],
    ['/create-album/', t('account.create_album')],
    [memberTabHref(id, 'favourites'), t('account.favourites')],
    [memberTabHref(id, 'watch_later'), t('account.watch_later')],
    [memberTabHref(id, 'history'), t('account.history')],
    [memberTabHref(id, 'subscriptions'), t('account.subscriptions')],
    [memberTabHref(id, 'friends'), t('account.friends')],
    ['/member_edit/', t('account.edit_profile')],
  ];
  if (viewer.role === 'moderator' || viewer.role === 'admin')
    links.unshift(['/moderation/', t('account.moderation')]);
  const signOut = async () => {
    await postForm('/api/logout.php', {});
    window.location.reload();
  };
  return (
    <div className="account-menu" ref={ref}>
      <NotificationBell count={viewer.notifications} />
      <button
        type="button"
        className="account-menu__button"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
        data-testid="account-menu"
      >
        <span className="account-menu__avatar" aria-hidden>
          {viewer.avatar ? (
            <GatedImage src={viewer.avatar} alt="" width={26} height={26} />
          ) : (
            viewer.name?.slice(0, 1).toUpperCase()
          )}
        </span>
        <span className="account-menu__name">{viewer.name}</span>
        {viewer.unread > 0 && (
          <span className="account-menu__badge">
            <span data-testid="unread-badge">{viewer.unread}</span>
            <span className="visually-hidden"> {t('account.unread', { count: viewer.unread })}</span>
          </span>
        )}
      </button>
      {open && (
        <ul className="account-menu__list" aria-label={t('account.menu')}>
          <li>
            <Link to="/messages/" className="account-menu__item">
              {t('account.messages')}
              <CountBadge count={viewer.unread} label={t('account.unread', { count: viewer.unread })} />
            </Link>
          </li>
          <li>
            <Link to="/notifications/" className="account-menu__item" data-testid="menu-notifications">
              {t('account.notifications')}
              <CountBadge
                count={viewer.notifications}
                label={t('account.notifications_unread', { count: viewer.notifications })}
              />
            </Link>
          </li>
          {links.map(([href, label]) => (
            <li key={href}>
              <Link to={href} className="account-menu__item">
                {label}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="account-menu__item" onClick={signOut}>
              {t('auth.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
