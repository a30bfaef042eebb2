/** Business constants from spec §9 that the web app needs. */
export const LISTING_PAGE_SIZE = 60;
/** Playlist pages (spec §9); the strip shows 8 of them at a time. */
export const PLAYLIST_PAGE_SIZE = 60;
export const HOME_BLOCK_SIZE = 25;
export const RELATED_PAGE_SIZE = 12;
/** The related procedure serves at most this many pages. */
export const RELATED_MAX_PAGE = 20;
export const MAX_PAGE = 10_000;
export const PAGINATION_WINDOW = 5;
export const VIEW_STAT_DELAY_MS = 1_000;
export const WATCH_HISTORY_KEY = 'watch_history';
export const WATCH_HISTORY_LIMIT = 200;
export const COUNTRY_COOKIE = 'country';
export const COUNTRY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
export const LAZY_BLOCK_ROOT_MARGIN = '400px';
export const TAG_CLOUD_SIZE = 100;
export const RTA_LABEL = 'RTA-5042-1996-1400-1577-RTA';
export const RTA_INFO_URL = 'https://www.rtalabel.org/';

/** At most this many categories are combined in one listing (spec §5). */
export const MAX_CATEGORIES = 3;
/** The listing sidebar offers categories with at least this many videos (spec §9). */
export const SIDEBAR_CATEGORY_MIN_VIDEOS = 1000;
/** …or, in a catalogue where none is that large, its largest categories. */
export const SIDEBAR_FALLBACK_CATEGORIES = 20;

/** The age gate's languages (spec §9), each named in itself for the gate's language switch. */
export const GATE_LANG_NAMES = { en: 'English', ru: 'Русский', de: 'Deutsch', fr: 'Français' } as const;
/** "Leave" on the age gate. */
export const AGE_GATE_EXIT_URL = 'https://www.google.com/';
/** The age-assurance callback sends the visitor back with this hash when the provider's answer was refused. */
export const AGE_GATE_FAILED_HASH = '#age-failed';
/** Local storage: the visitor closed the cookie notice (spec §3). */
export const COOKIES_NOTICE_KEY = 'cookies_notice';
