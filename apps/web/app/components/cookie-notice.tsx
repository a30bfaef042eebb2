import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAgeGate } from '../lib/age-gate';
import { COOKIES_NOTICE_KEY } from '../lib/site-constants';
import { SiteLink } from './site-link';

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Run in <head> before the body is parsed: a visitor who closed the notice never sees it painted, while
 * everyone else gets it with the page's first paint instead of after hydration (it was the late LCP
 * element of every first visit).
 */
export const COOKIE_NOTICE_SCRIPT = `try{if(localStorage.getItem(${/* @__PURE__ */ JSON.stringify(COOKIES_NOTICE_KEY)})==='1')document.documentElement.classList.add('cookies-ok')}catch(e){}`;

/**
 * The cookie notice (shell), until the visitor closes it; the choice stays in local storage (spec §3).
 * It waits for the age gate. The server renders it; COOKIE_NOTICE_SCRIPT hides it for a visitor who closed
 * it, and hydration then removes it.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const { shown: gateShown } = useAgeGate();
  const [open, setOpen] = useState(true);

  useEffect(() => {
    if (dismissed()) setOpen(false);
  }, []);

  if (!open || gateShown) return null;
  const close = () => {
    try {
      window.localStorage.setItem(COOKIES_NOTICE_KEY, '1');
    } catch {
      // Storage blocked: the notice closes for this page anyway.
    }
    setOpen(false);
  };
  return (
    <section className="cookie-notice" aria-label={t('cookie_notice.label')} data-testid="cookie-notice">
      <p className="cookie-notice__text">
        {t('cookie_notice.text')}{' '}
        <SiteLink className="text-link" to="/information/cookies_policy/">
          {t('cookie_notice.policy')}
        </SiteLink>
      </p>
      <button type="button" className="button button--primary cookie-notice__ok" onClick={close}>
        {t('cookie_notice.ok')}
      </button>
    </section>
  );
}
