import type { Lang } from '@vt/i18n';
import type { BrowserStringGroup } from '@vt/i18n/client';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, pendingStrings } from './i18n';

/*
 * Strings beyond core for a page whose route has no client loader to fetch them (`withStrings`): a client
 * loader keeps the router from warming the route's data on hover, which the video page, the most visited
 * one, must keep. Its route module names them with `routeStrings`, which starts fetching them when the module
 * is first imported in the browser (a client-side move does that beside fetching the data), and its page
 * calls `useStrings`.
 */

/** The groups of every such route module this page has imported so far. */
const imported = new Set<BrowserStringGroup>();

/**
 * A route's groups beyond core, for `export const handle = { strings }` and `useStrings(strings)` in its
 * page: inlined on a first load, and fetched in the page's language as soon as the route's module is
 * imported in the browser (a no-op on the server and when they are here).
 */
export function routeStrings(...groups: BrowserStringGroup[]): BrowserStringGroup[] {
  if (import.meta.env.SSR || typeof document === 'undefined') return groups;
  for (const group of groups) imported.add(group);
  pendingStrings(currentLang(), groups)?.catch(() => undefined);
  return groups;
}

/**
 * After a switch of language: the groups of the pages already imported, in the new language, so a move to
 * one of them does not wait for its strings after its data.
 */
export function preloadImportedStrings(lang: Lang): void {
  if (imported.size > 0) pendingStrings(lang, [...imported])?.catch(() => undefined);
}

const reloadOnFailure = new WeakMap<Promise<void>, Map<string, Promise<void>>>();

/**
 * `pending`, where a failure loads the page at `href` whole, if the browser is still there: a move that was
 * left for another page before the fetch failed is not the one to reload (its render was dropped, and a
 * later move there fetches again).
 */
function reloadingOnFailure(pending: Promise<void>, href: string): Promise<void> {
  const byHref = reloadOnFailure.get(pending) ?? new Map<string, Promise<void>>();
  reloadOnFailure.set(pending, byHref);
  let settled = byHref.get(href);
  if (!settled) {
    settled = pending.catch(() => {
      if (window.location.href !== href) return;
      window.location.reload();
      return new Promise<void>(() => undefined);
    });
    byHref.set(href, settled);
  }
  return settled;
}

/**
 * Suspends the page until `groups` of its language are here; the router's transition keeps the previous
 * page on screen meanwhile. On the server, on a first load (inlined) and after a switch of language (the
 * switch fetches them first) they are here already and it returns at once. A fetch that fails (a deploy
 * replaced the file, the network dropped) loads the page whole instead: the address is already the new
 * page's, and the server inlines its strings. Until then the previous page stays.
 */
export function useStrings(groups: readonly BrowserStringGroup[]): void {
  const { i18n } = useTranslation();
  if (import.meta.env.SSR) return;
  const pending = pendingStrings(i18n.language as Lang, groups);
  if (pending) use(reloadingOnFailure(pending, window.location.href));
}
