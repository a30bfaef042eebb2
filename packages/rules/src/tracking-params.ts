/**
 * Query parameters that ad networks, social sites and mail tools add to links to a page. No page reads
 * them, and the click ids are unique per click: the page cache ignores them (one stored page serves every
 * ad click), the render does not see them, and the browser drops them from the address bar before the app
 * starts, so the page it hydrates is the page that was rendered.
 */
const TRACKING_NAMES = new Set([
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'twclid',
  'ttclid',
  'yclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);

const isTracking = (name: string) => name.startsWith('utm_') || TRACKING_NAMES.has(name);

/** A quick look for any of them, before the query is split (the names hold no regex metacharacters). */
const MAY_TRACK = new RegExp(`(?:^|[?&])(?:utm_|${[...TRACKING_NAMES].join('|')})`);

/**
 * `search` ('' or '?…') without the tracking parameters; the others keep their order and their bytes. ''
 * when nothing else is left.
 */
export function withoutTracking(search: string): string {
  if (!MAY_TRACK.test(search)) return search;
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      // As ad networks write them: a name spelt with escapes is not one of theirs.
      return !isTracking(pair.split('=', 1)[0]!);
    });
  return kept.length ? `?${kept.join('&')}` : '';
}
