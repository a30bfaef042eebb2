import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgeGate } from '../lib/age-gate';
import { COOKIES_NOTICE_KEY } from '../lib/site-constants';

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(COOKIES_NOTICE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The cookie notice (shell), until the visitor closes it; the choice stays in local storage (spec §3).
 * It waits for the age gate, and is rendered only in the browser, where local storage is.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const { shown: gateShown } = useAgeGate();
  const [open, setOpen] = useState(false);

  useEffect(() => setOpen(!dismissed()), []);

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
        <Link className="text-link" to="/information/cookies_policy/">
          {t('cookie_notice.policy')}
        </Link>
      </p>
      <button type="button" className="button button--primary cookie-notice__ok" onClick={close}>
        {t('cookie_notice.ok')}
      </button>
    </section>
  );
}
