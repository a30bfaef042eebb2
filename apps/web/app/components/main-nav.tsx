import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { listingHref } from '../lib/listing-filters';

const VIDEO_LINKS = [
  { key: 'nav.newest', sort: 'latest-updates' },
  { key: 'nav.best', sort: 'top-rated' },
  { key: 'nav.popular', sort: 'most-popular' },
] as const;

// Those sections are served by later parts of the app; the links are already their final URLs.
const SECTION_LINKS = [
  { key: 'nav.categories', to: '/categories/' },
  { key: 'nav.models', to: '/models/' },
  { key: 'nav.playlists', to: '/playlists/' },
  { key: 'nav.albums', to: '/albums/' },
  { key: 'nav.community', to: '/community/' },
] as const;

export function MainNav({ id, open }: { id: string; open: boolean }) {
  const { t } = useTranslation();
  const [videosOpen, setVideosOpen] = useState(false);
  const submenuId = `${id}-videos`;

  return (
    <nav id={id} className={`main-nav${open ? ' main-nav--open' : ''}`} aria-label={t('nav.main')}>
      <ul className="main-nav__list">
        <li className="main-nav__item main-nav__item--menu">
          <NavLink to={listingHref('latest-updates', 1)} className="main-nav__link">
            {t('nav.videos')}
          </NavLink>
          <button
            type="button"
            className="main-nav__toggle"
            aria-expanded={videosOpen}
            aria-controls={submenuId}
            aria-label={t('nav.videos_submenu')}
            onClick={() => setVideosOpen((value) => !value)}
          >
            <span aria-hidden="true">▾</span>
          </button>
          <ul id={submenuId} className={`main-nav__submenu${videosOpen ? ' main-nav__submenu--open' : ''}`}>
            {VIDEO_LINKS.map((link) => (
              <li key={link.sort}>
                <Link
                  to={listingHref(link.sort, 1)}
                  className="main-nav__sublink"
                  onClick={() => setVideosOpen(false)}
                >
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </li>
        {SECTION_LINKS.map((link) => (
          <li key={link.to} className="main-nav__item">
            <NavLink to={link.to} className="main-nav__link">
              {t(link.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
