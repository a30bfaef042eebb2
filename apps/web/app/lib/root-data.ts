import type { Lang } from '@vt/i18n';
import { type AppLoadContext, useRouteLoaderData } from 'react-router';
import type { CategoryInfo, MainStats } from './dto';
import type { PageNetwork } from './network';
import type { Orientation } from './orientation';

/** Server constants every page needs; also published as window.__CONSTANTS__ (without origin/year). */
export interface RootData {
  lang: Lang;
  viewer: {
    memberId: number | null;
    name: string | null;
    role: 'member' | 'moderator' | 'admin' | null;
    /** Unread private messages, for the account menu. */
    unread: number;
    /** Unread notifications, for the bell. */
    notifications: number;
    /** The member's avatar image, or null for their initial. */
    avatar: string | null;
  };
  country: string | null;
  /** The orientation every listing, block, count and menu is filtered by (ADR 0025). */
  orientation: Orientation;
  origin: string;
  /** Show "Sign in with Google" (`/api/.g.php`): only when a provider is configured. */
  externalSignIn: boolean;
  /** Media comes by redirect from an object store (PageContext.mediaRedirects). */
  mediaRedirects: boolean;
  /** The age gate for this visitor (PageContext.ageGate). */
  ageGate: AppLoadContext['ageGate'];
  year: number;
  /** Sister sites, network and partner links, hardlinks, the partner slider and ad HTML. */
  network: PageNetwork;
  /**
   * The header menus' top categories and models, and the tag strip's country with its name in the page's
   * language, named by the server: Intl's region names cost the browser 50-180 ms of main thread to load.
   */
  shell: { categories: CategoryInfo[]; models: MainStats['models']; country: string; countryName: string };
}

const FALLBACK: RootData = {
  lang: 'en',
  viewer: { memberId: null, name: null, role: null, unread: 0, notifications: 0, avatar: null },
  country: null,
  orientation: 'straight',
  origin: '',
  externalSignIn: false,
  mediaRedirects: false,
  ageGate: { shown: false, lang: 'en', method: 'modal' },
  year: new Date().getUTCFullYear(),
  network: {
    sisterSites: [],
    networkLinks: [],
    partnerLinks: [],
    hardlinks: [],
    partnerSlider: null,
    ads: { underPlayer: null, footer: [], listing: null },
    sisterHosts: [],
  },
  shell: { categories: [], models: [], country: 'us', countryName: 'US' },
};

export function useRootData(): RootData {
  // The root loader never throws, but error renders can run before its data exists.
  return useRouteLoaderData<RootData>('root') ?? FALLBACK;
}

/** Root data inside a `meta` function, where hooks are not available. */
export function rootDataFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): RootData {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.loaderData as RootData | undefined) ?? FALLBACK;
}
