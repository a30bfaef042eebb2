import { LANGS, type Lang, pageStringGroups } from '@vt/i18n';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate, useRevalidator } from 'react-router';
import { loadStrings } from '../lib/i18n';
import { useRootData } from '../lib/root-data';

const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const names = new Map<Lang, string>();

/** A language's own name ("Deutsch", "日本語"), which reads right whatever the page's language. */
export function languageName(code: Lang): string {
  let name = names.get(code);
  if (name === undefined) {
    const own = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    name = own.charAt(0).toLocaleUpperCase(code) + own.slice(1);
    names.set(code, name);
  }
  return name;
}

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
            {languageName(code)}
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
