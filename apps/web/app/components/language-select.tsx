import { LANGS, type Lang } from '@vt/i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/root-data';

const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** A language's own name ("Deutsch", "日本語"), which reads right whatever the page's language. */
export function languageName(code: Lang): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

/**
 * The header's language select. The server reads the `lang` cookie; a reload renders every part of the
 * page, lazy blocks included, in the new language. Without JavaScript the form asks for `?lang=` instead.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const id = useId();

  const choose = (code: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie the server reads
    document.cookie = `lang=${code}; path=/; max-age=${LANG_COOKIE_MAX_AGE}; samesite=lax`;
    window.location.reload();
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
        value={lang}
        onChange={(event) => choose(event.target.value)}
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
