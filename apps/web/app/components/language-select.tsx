import { LANGS, type Lang, pageStringGroups } from '@vt/i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate, useRevalidator } from 'react-router';
import { loadStrings } from '../lib/i18n';
import { useRootData } from '../lib/root-data';
import { preloadImportedStrings } from '../lib/use-strings';

const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * Each language's own name, which reads right whatever the page's language. Written out: asking
 * Intl.DisplayNames for them loaded ten locales' data in the browser, about 200 ms of main thread on every
 * first load (800 ms of blocking time on Lighthouse's phone).
 */
const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  ru: 'Русский',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
  it: 'Italiano',
  pt: 'Português',
  ja: '日本語',
  nl: 'Nederlands',
};

/**
 * The header's language select. It fetches the new language's strings for this page (one small cached
 * chunk per group), sets the `lang` cookie the server reads, and has the router reload this page's data:
 * the page then renders in the new language without a reload. Without JavaScript the form asks for
 * `?lang=` instead.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const id = useId();
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState<Lang | null>(null);

  const choose = async (code: Lang) => {
    setPending(code);
    const groups = pageStringGroups(
      matches.flatMap((match) => (match.handle as { strings?: string[] } | undefined)?.strings ?? []),
    );
    try {
      await loadStrings(code, groups);
    } catch {
      // A chunk that cannot load (a deploy replaced it): the server renders the page whole.
      // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie the server reads
      document.cookie = `lang=${code}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`;
      window.location.reload();
      return;
    }
    preloadImportedStrings(code);
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie the server reads
    document.cookie = `lang=${code}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`;
    const params = new URLSearchParams(location.search);
    if (params.has('lang')) {
      // `?lang=` outranks the cookie: drop it, or the page would stay in the old language.
      params.delete('lang');
      const search = params.toString();
      await navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, {
        replace: true,
        preventScrollReset: true,
      });
    } else {
      await revalidator.revalidate();
    }
    setPending(null);
  };

  return (
    <form method="get" className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language')}
      </label>
      <select
        id={id}
        name="lang"
        className="language-select__select"
        value={pending ?? lang}
        aria-busy={pending !== null}
        onChange={(event) => choose(event.target.value as Lang)}
        data-testid="language-select"
      >
        {LANGS.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="language-select__submit">
          {t('shell.language_apply')}
        </button>
      </noscript>
    </form>
  );
}
