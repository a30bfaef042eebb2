import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountMenu } from './account-menu';
import { MainNav } from './main-nav';
import { SearchBox } from './search-box';

const NAV_ID = 'main-nav';

export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // The mobile menu closes on every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="logo" aria-label={t('site.logo_label')}>
          <span className="logo__mark" aria-hidden="true">
            ▶
          </span>
          <span className="logo__text">{t('site.name')}</span>
        </Link>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={NAV_ID}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__burger" aria-hidden="true" />
          {t('nav.menu')}
        </button>
        <MainNav id={NAV_ID} open={menuOpen} />
        <SearchBox />
        <AccountMenu />
      </div>
    </header>
  );
}
