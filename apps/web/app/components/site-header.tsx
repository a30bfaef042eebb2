import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useHideOnScroll } from '../lib/use-hide-on-scroll';
import { AccountMenu } from './account-menu';
import { MainNav } from './main-nav';
import { NetworkBar } from './network-bar';
import { SearchBox } from './search-box';
import { SiteLink } from './site-link';

const NAV_ID = 'main-nav';

/**
 * The header: the network bar (sister sites, language), then logo, main nav, search and account. Below
 * 1024 px the nav is a menu behind a burger; on mobile the header slides away on scroll-down.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useHideOnScroll(menuOpen);
  const header = useRef<HTMLElement>(null);
  const burger = useRef<HTMLButtonElement>(null);

  // The mobile menu closes on every navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    // Opening moves focus to the first link; Escape or a click outside the header closes it.
    header.current?.querySelector<HTMLElement>(`#${NAV_ID} a`)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setMenuOpen(false);
      burger.current?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (!header.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [menuOpen]);

  return (
    <header
      ref={header}
      className={`site-header${hidden ? ' site-header--hidden' : ''}`}
      data-testid="site-header"
      data-hidden={hidden || undefined}
    >
      <NetworkBar />
      <div className="site-header__inner">
        <SiteLink to="/" className="logo" aria-label={t('site.logo_label')}>
          <span className="logo__mark" aria-hidden="true">
            ▶
          </span>
          <span className="logo__text">{t('site.name')}</span>
        </SiteLink>
        <button
          ref={burger}
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
