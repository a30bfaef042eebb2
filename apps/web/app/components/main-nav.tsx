import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { listingHref } from '../lib/listing-filters';
import { modelHref } from '../lib/models';
import { useRootData } from '../lib/root-data';
import { CountBadge } from './count-badge';
import { OrientationSwitch } from './orientation-switch';
import { SiteLink } from './site-link';

const VIDEO_LINKS = [
  { key: 'nav.newest', sort: 'latest-updates' },
  { key: 'nav.best', sort: 'top-rated' },
  { key: 'nav.popular', sort: 'most-popular' },
] as const;

const SECTION_LINKS = [
  { key: 'nav.playlists', to: '/playlists/' },
  { key: 'nav.albums', to: '/albums/' },
  { key: 'nav.community', to: '/community/' },
] as const;

interface SubLink {
  to: string;
  label: string;
}

/**
 * A top-level entry, marked as the router's NavLink marks one (class `active`, `aria-current="page"`) when
 * the page is at its path or under it. A plain anchor like every header link (components/site-link.tsx): the
 * router's links each cost several hooks, and the route discovery they start re-rendered every page's whole
 * tree once its answer came.
 */
function SectionLink({
  to,
  pathname,
  children,
  testId,
}: {
  to: string;
  pathname: string;
  children: ReactNode;
  testId?: string;
}) {
  const active = pathname === to || pathname.startsWith(to.endsWith('/') ? to : `${to}/`);
  return (
    <SiteLink
      to={to}
      intent
      className={active ? 'main-nav__link active' : 'main-nav__link'}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
    >
      {children}
    </SiteLink>
  );
}

/** A main-nav entry with a dropdown: opens on hover or focus, and on its toggle for touch and keyboard. */
function NavMenu({
  id,
  to,
  label,
  toggleLabel,
  links,
  footer,
}: {
  id: string;
  to: string;
  label: string;
  toggleLabel: string;
  links: SubLink[];
  footer?: SubLink;
}) {
  const [open, setOpen] = useState(false);
  // After Escape the menu stays shut while the pointer or focus is still on it (hover and focus show it).
  const [shut, setShut] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const submenu = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setOpen(false), [pathname]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Only a submenu that shows (open, hovered or focused) takes Escape.
    const shown = submenu.current && getComputedStyle(submenu.current).display !== 'none';
    if (event.key !== 'Escape' || !shown) return;
    // Handled: the mobile menu around it stays open (it checks defaultPrevented).
    event.preventDefault();
    setOpen(false);
    setShut(true);
    toggle.current?.focus();
  };

  const item = (link: SubLink, extra?: string): ReactNode => (
    <li key={link.to}>
      <SiteLink to={link.to} intent className={`main-nav__sublink${extra ? ` ${extra}` : ''}`}>
        {link.label}
      </SiteLink>
    </li>
  );

  return (
    <li
      className={`main-nav__item main-nav__item--menu${open ? ' main-nav__item--open' : ''}${shut ? ' main-nav__item--shut' : ''}`}
      onKeyDown={onKeyDown}
      onMouseLeave={() => setShut(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setShut(false);
      }}
    >
      <SectionLink to={to} pathname={pathname}>
        {label}
      </SectionLink>
      <button
        ref={toggle}
        type="button"
        className="main-nav__toggle"
        aria-expanded={open}
        aria-controls={id}
        aria-label={toggleLabel}
        onClick={() => {
          setShut(open);
          setOpen(!open);
        }}
      >
        <span aria-hidden="true">▾</span>
      </button>
      <ul id={id} ref={submenu} className="main-nav__submenu" data-testid={`${id}-menu`}>
        {links.map((link) => item(link))}
        {footer && item(footer, 'main-nav__sublink--all')}
      </ul>
    </li>
  );
}

/** Spec §2: Videos (Newest/Best/Popular), Categories (top), Pornstars (top), Playlists, Albums, Community. */
export function MainNav({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation();
  const { shell, viewer } = useRootData();
  const { pathname } = useLocation();

  return (
    <nav id={id} className={`main-nav${open ? ' main-nav--open' : ''}`} aria-label={t('nav.main')}>
      <ul className="main-nav__list">
        <NavMenu
          id={`${id}-videos`}
          to={listingHref('latest-updates', 1)}
          label={t('nav.videos')}
          toggleLabel={t('nav.videos_submenu')}
          links={VIDEO_LINKS.map((link) => ({ to: listingHref(link.sort, 1), label: t(link.key) }))}
        />
        <NavMenu
          id={`${id}-categories`}
          to="/categories/"
          label={t('nav.categories')}
          toggleLabel={t('shell.categories_submenu')}
          links={shell.categories.map((c) => ({
            to: `/categories/${c.dir}/latest-updates/1/`,
            label: c.title,
          }))}
          footer={{ to: '/categories/', label: t('shell.all_categories') }}
        />
        <NavMenu
          id={`${id}-models`}
          to="/models/"
          label={t('nav.models')}
          toggleLabel={t('shell.models_submenu')}
          links={shell.models.map((m) => ({ to: modelHref(m.dir), label: m.title }))}
          footer={{ to: '/models/', label: t('shell.all_models') }}
        />
        {SECTION_LINKS.map((link) => (
          <li key={link.to} className="main-nav__item">
            <SectionLink to={link.to} pathname={pathname}>
              {t(link.key)}
            </SectionLink>
          </li>
        ))}
        {viewer.memberId !== null && (
          // The mobile menu's way to the member's notifications (on wider screens the bell is beside it).
          <li className="main-nav__item main-nav__item--member">
            <SectionLink to="/notifications/" pathname={pathname} testId="nav-notifications">
              {t('account.notifications')}
              <CountBadge
                count={viewer.notifications}
                label={t('account.notifications_unread', { count: viewer.notifications })}
              />
            </SectionLink>
          </li>
        )}
      </ul>
      {/* In the mobile menu only: on wider screens the switch sits in the network bar. */}
      <OrientationSwitch className="orientation-switch--menu" testId="orientation-switch-menu" />
    </nav>
  );
}
