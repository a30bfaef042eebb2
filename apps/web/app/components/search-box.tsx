import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  recentSearches,
  rememberSearch,
  SEARCH_MAX,
  SEARCH_MIN,
  SUGGEST_DELAY_MS,
  searchHref,
  searchOk,
} from '../lib/search';

interface Suggestion {
  kind: 'recent' | 'keyword' | 'category' | 'model';
  label: string;
  href: string;
  count?: number;
}

interface SuggesterAnswer {
  keywords: string[];
  categories: { dir: string; title: string; total_videos: number }[];
  models: { dir: string; title: string; total_videos: number }[];
}

/**
 * The header search (spec §4): opens and closes; from 3 characters, suggestions (keywords, categories and
 * models with their counts) after a 300 ms pause; arrows move, Enter opens, Escape closes; the last 3
 * searches come from localStorage. A query outside 3–69 characters shows the rule and sends nothing.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // On the results page the box keeps the query it shows (from the URL, so a cached page has it too).
  const shownQuery = pathname.startsWith('/search/') ? (new URLSearchParams(search).get('s') ?? '') : '';
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(shownQuery);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [error, setError] = useState(false);
  const [expanded, setExpanded] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => {
    setExpanded(false);
    setOpen(false);
  }, [pathname]);

  useEffect(() => setText(shownQuery), [shownQuery]);

  useEffect(() => {
    // Nothing to suggest while the list is shut (the results page fills the box with its query).
    if (!open) return;
    const c = text.trim();
    if (c.length < SEARCH_MIN) {
      setItems(recentSearches().map((s) => ({ kind: 'recent' as const, label: s, href: searchHref(s) })));
      setActive(-1);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const res = await fetch(`/api/suggester.php?c=${encodeURIComponent(c)}`, {
          signal: controller.signal,
        });
        const r = (await res.json()) as SuggesterAnswer;
        setItems([
          ...r.keywords.map((k) => ({ kind: 'keyword' as const, label: k, href: searchHref(k) })),
          ...r.categories.map((x) => ({
            kind: 'category' as const,
            label: x.title,
            href: `/categories/${x.dir}/latest-updates/1/`,
            count: x.total_videos,
          })),
          ...r.models.map((x) => ({
            kind: 'model' as const,
            label: x.title,
            href: `/model/${x.dir}/`,
            count: x.total_videos,
          })),
        ]);
        setActive(-1);
      } catch {
        // Aborted by newer typing, or offline: keep what is shown.
      }
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, open]);

  const go = (href: string, remember?: string) => {
    if (remember) rememberSearch(remember);
    setOpen(false);
    navigate(href);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (active >= 0 && items[active])
      return go(items[active].href, items[active].kind === 'keyword' ? items[active].label : undefined);
    if (!searchOk(text)) return setError(true);
    go(searchHref(text), text);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (items.length === 0) return;
      // -1 is the input itself: the focus cycles input → first … last → input.
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => ((i + 1 + step + items.length + 1) % (items.length + 1)) - 1);
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
      if (!open) setExpanded(false);
    }
  };

  const showList = open && items.length > 0;
  const heading = (kind: Suggestion['kind']) =>
    ({
      recent: t('search.recent'),
      keyword: t('search.keywords'),
      category: t('search.categories'),
      model: t('search.models'),
    })[kind];

  return (
    <div className={`search-box${expanded ? ' search-box--expanded' : ''}`} data-testid="search-box">
      <button
        type="button"
        className="search-box__toggle"
        aria-expanded={expanded}
        aria-label={expanded ? t('search.close') : t('search.open')}
        onClick={() => {
          setExpanded((e) => !e);
          setTimeout(() => input.current?.focus(), 0);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <path
            fill="currentColor"
            d="M10 2a8 8 0 0 1 6.3 12.9l5.4 5.4-1.4 1.4-5.4-5.4A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z"
          />
        </svg>
      </button>
      {/* Without JavaScript (or before hydration) the form itself asks for the results page. */}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for every browser the site serves */}
      <form role="search" className="search-box__form" action="/search/1/" onSubmit={submit}>
        <input
          ref={input}
          type="search"
          name="s"
          className="search-box__input"
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          maxLength={SEARCH_MAX}
          autoComplete="off"
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setError(false);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKey}
        />
        <button type="submit" className="search-box__submit">
          {t('search.submit')}
        </button>
        {error && (
          <p className="search-box__error" role="alert" data-testid="search-error">
            {t('search.length', { min: SEARCH_MIN, max: SEARCH_MAX })}
          </p>
        )}
        {showList && (
          <ul
            id={listId}
            className="search-box__list"
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern: focus stays in the input (aria-activedescendant)
            role="listbox"
            aria-label={t('search.suggestions')}
            data-testid="suggestions"
          >
            {items.map((item, i) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached through the input's aria-activedescendant
              <li
                key={`${item.kind}-${item.href}`}
                id={`${listId}-${i}`}
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern's options
                role="option"
                aria-selected={i === active}
                className={`search-box__item${i === active ? ' search-box__item--active' : ''}`}
                onMouseDown={(e) => {
                  e.preventDefault();
                  go(item.href, item.kind === 'keyword' || item.kind === 'recent' ? item.label : undefined);
                }}
              >
                {(i === 0 || items[i - 1].kind !== item.kind) && (
                  <span className="search-box__group">{heading(item.kind)}</span>
                )}
                <span className="search-box__label">{item.label}</span>
                {item.count !== undefined && (
                  <span className="search-box__count">{t('search.videos_count', { count: item.count })}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </form>
    </div>
  );
}
