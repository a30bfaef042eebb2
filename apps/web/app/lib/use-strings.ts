import type { Lang } from '@vt/i18n';
import type { BrowserStringGroup } from '@vt/i18n/client';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, pendingStrings } from './i18n';

/*
 * Strings beyond core for a page whose route has no client loader to fetch them (`withStrings`): a client
 * loader keeps the router from warming the route's data on hover, which the video page, the most visited
 * one, must keep. Its route module calls `preloadStrings` when it is first imported in the browser, which a
 * client-side move does beside fetching the data, and its page `useStrings`.
 */

/** Starts fetching `groups` in the page's language; a no-op on the server and when they are here. */
export function preloadStrings(groups: readonly BrowserStringGroup[]): void {
  if (import.meta.env.SSR || typeof document === 'undefined') return;
  pendingStrings(currentLang(), groups)?.catch(() => undefined);
}

/**
 * Suspends the page until `groups` of its language are here; the router's transition keeps the previous
 * page on screen meanwhile. On the server, on a first load (inlined) and after a switch of language (the
 * switch fetches them first) they are here already and it returns at once.
 */
export function useStrings(groups: readonly BrowserStringGroup[]): void {
  const { i18n } = useTranslation();
  if (import.meta.env.SSR) return;
  const pending = pendingStrings(i18n.language as Lang, groups);
  if (pending) use(pending);
}
