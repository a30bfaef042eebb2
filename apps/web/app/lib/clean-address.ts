import { withoutTracking } from '@vt/rules';

/**
 * The server rendered this page without the ad and mail parameters of its address (tracking-params.ts), and
 * may have sent the copy stored for everyone. They leave the address bar here, when the root route's code
 * is evaluated and before the router reads the location, so the app hydrates the address it was rendered
 * for (links built from the query match the server's) and a shared or bookmarked link carries no click id.
 */
if (typeof window !== 'undefined') {
  const { pathname, search, hash } = window.location;
  const clean = withoutTracking(search);
  if (clean !== search) window.history.replaceState(window.history.state, '', `${pathname}${clean}${hash}`);
}
