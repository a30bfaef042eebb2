/** Spec §5: a search is 3 to 69 characters after trimming; the input's maxlength is 69. */
export const SEARCH_MIN = 3;
export const SEARCH_MAX = 69;
export const SUGGEST_DELAY_MS = 300;
export const RECENT_SEARCHES = 3;
const RECENT_KEY = 'vt.recentSearches';

export const searchOk = (text: string) => {
  const s = text.trim();
  return s.length >= SEARCH_MIN && s.length <= SEARCH_MAX;
};

export const searchHref = (text: string, page = 1, query = '') =>
  `/search/${page}/?s=${encodeURIComponent(text.trim())}${query ? `&${query}` : ''}`;

/** The last 3 searches, newest first, from localStorage (visitors and members alike). */
export function recentSearches(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x) => typeof x === 'string').slice(0, RECENT_SEARCHES) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(text: string): void {
  try {
    const s = text.trim();
    const list = [s, ...recentSearches().filter((x) => x.toLowerCase() !== s.toLowerCase())].slice(
      0,
      RECENT_SEARCHES,
    );
    localStorage.setItem(RECENT_KEY, JSON.stringify(list));
  } catch {
    // Private mode: no history, nothing breaks.
  }
}
