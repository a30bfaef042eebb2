/** Shapes services hand to adapters (tRPC, legacy REST, page loaders). Times are unix seconds. */

export const VIDEO_SORTS = [
  'latest-updates',
  'longest',
  'most-commented',
  'most-popular',
  'top-rated',
  'most-viewed',
] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

export const DATE_FILTERS = ['all', 'day', 'week', 'month'] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];

export const GENDERS = ['straight', 'shemale', 'gay'] as const;
export type Gender = (typeof GENDERS)[number];

/** 0 any, 1 under 10 min, 2 10–40 min, 3 over 40 min. */
export type DurationFilter = 0 | 1 | 2 | 3;

export type ListingSection =
  | { section: 'all' }
  | { section: 'categories'; dirs: string[] }
  | { section: 'models'; dir: string }
  | { section: 'country'; country: string }
  | { section: 'member'; memberId: number; list: 'uploaded' | 'favourites' | 'watch_later' | 'history' }
  | { section: 'playlist'; playlistId: number }
  | { section: 'channel'; channelId: number };

export interface ListingQuery {
  gender: Gender;
  sort: VideoSort;
  count: number;
  page: number;
  target: ListingSection;
  hdOnly: boolean;
  duration: DurationFilter;
  date: DateFilter;
  /** Production decade (1950 = the 1950s), from the provenance records (ADR 0036); absent: any. */
  decade?: number | null;
}

export interface VideoThumb {
  id: number;
  dir: string;
  title: string;
  url: string;
  durationSec: number;
  postDate: number;
  /** 0..5 */
  rating: number;
  views: number;
  likes: number;
  dislikes: number;
  isHd: boolean;
  thumb: string;
  thumb2x: string;
  scr: string;
  /** The muted hover preview clip. */
  preview: string;
}

export interface Listing<T> {
  items: T[];
  totalCount: number;
  page: number;
  pages: number;
}

export interface NamedLink {
  dir: string;
  title: string;
}

export type VideoState = 'active' | 'private' | 'deleted';

export interface VideoDetail extends VideoThumb {
  description: string;
  statusId: number;
  isPrivate: number;
  state: VideoState;
  gender: Gender;
  country: string | null;
  productionYear: number | null;
  width: number;
  height: number;
  commentsCount: number;
  uploader: { id: number; name: string; avatar: string | null } | null;
  channel: { id: number; dir: string; title: string } | null;
  models: NamedLink[];
  categories: NamedLink[];
  subscribers: number;
  /** The seek-preview WebVTT, or null when the video has no sprites. */
  timelineVtt: string | null;
  /** The WebVTT captions track, or null when the video has none. */
  captions: { lang: string; url: string } | null;
  /** Its version group (ADR 0035): the canonical it is a version of, or the listed alternates it has. */
  versions: PageVersions | null;
}

/** A channel's page head: the subscriber count is its maintained column; the video count is the listing's. */
export interface ChannelDetail {
  id: number;
  dir: string;
  title: string;
  url: string;
  subscribers: number;
}

export interface CategoryInfo {
  id: number;
  dir: string;
  title: string;
  totalVideos: number;
}

export interface HomeBlocks {
  country: string;
  top: VideoThumb[];
  popular: VideoThumb[];
  latest: VideoThumb[];
}

export interface MainStats {
  categories: CategoryInfo[];
  models: (NamedLink & { totalVideos: number })[];
  keywords: string[];
  countries: string[];
}

// ── Albums ──────────────────────────────────────────────────────────────────────────────────────────

export const ALBUM_SORTS = ['latest-updates', 'most-viewed', 'top-rated', 'most-commented'] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];

export type AlbumSection =
  | { section: 'all' }
  | { section: 'categories'; dir: string }
  | { section: 'models'; dir: string }
  | { section: 'member'; memberId: number };

export interface AlbumListQuery {
  gender: Gender;
  sort: AlbumSort;
  count: number;
  page: number;
  target: AlbumSection;
}

export interface AlbumThumb {
  id: number;
  dir: string;
  title: string;
  url: string;
  /** The cover image URL ('' when the album has none). */
  scr: string;
  photosAmount: number;
  views: number;
  /** 0..5 */
  rating: number;
  postDate: number;
}

export interface AlbumPhoto {
  id: number;
  url: string;
  width: number;
  height: number;
}

export interface AlbumDetail extends AlbumThumb {
  description: string;
  likes: number;
  dislikes: number;
  commentsCount: number;
  uploader: { id: number; name: string; avatar: string | null } | null;
  categories: NamedLink[];
  models: NamedLink[];
  photos: AlbumPhoto[];
}

/** The album page: the album, or only the identity of someone else's private album. */
export type AlbumPage =
  | { state: 'active'; album: AlbumDetail }
  | { state: 'private'; id: number; dir: string; title: string; url: string };

// ── Models ──────────────────────────────────────────────────────────────────────────────────────────

export const MODEL_SORTS = [
  'most-popular',
  'count-videos',
  'count-subs',
  'alphabet',
  'recent',
  'most-viewed',
] as const;
export type ModelSort = (typeof MODEL_SORTS)[number];

export const MODEL_RACES = ['asian', 'caucasian', 'ebony', 'latin'] as const;
export const MODEL_TITS_SIZES = ['small', 'medium', 'big', 'huge'] as const;

/** The 10 model filter keys of spec §3, in the spec's order; null means any. */
export interface ModelFilters {
  alphabet: string | null;
  race: (typeof MODEL_RACES)[number] | null;
  /** 1-4 */
  age: number | null;
  /** Lower-case ISO 3166-1 alpha-2. */
  country: string | null;
  titsSize: (typeof MODEL_TITS_SIZES)[number] | null;
  /** 1-5 */
  hairColor: number | null;
  /** 1-4 */
  height: number | null;
  /** 1-4 */
  weight: number | null;
  /** 1-2 */
  tattoo: number | null;
  /** 1-2 */
  piercing: number | null;
}

export interface ModelListQuery {
  gender: Gender;
  sort: ModelSort;
  count: number;
  page: number;
  filters: ModelFilters;
}

export interface ModelThumb {
  id: number;
  dir: string;
  title: string;
  url: string;
  /** The portrait image URL ('' when the model has none). */
  scr: string;
  country: string | null;
  videos: number;
  viewed: number;
  subscribers: number;
}

export interface ModelDetail extends ModelThumb {
  description: string;
  gender: Gender;
  alphabet: string;
  race: ModelFilters['race'];
  age: number | null;
  titsSize: ModelFilters['titsSize'];
  hairColor: number | null;
  height: number | null;
  weight: number | null;
  tattoo: number | null;
  piercing: number | null;
  activeFrom: number | null;
  activeTo: number | null;
  albums: number;
  /** Listing images of the model's newest videos. */
  thumbs: string[];
}

export interface WallPost {
  id: number;
  body: string;
  createdAt: number;
  author: { id: number; name: string; avatar: string | null };
}

// ── Comments ────────────────────────────────────────────────────────────────────────────────────────

/** What comments can be read on (the legacy `section` segment). */
export const COMMENT_SECTIONS = ['video', 'album', 'model', 'member'] as const;
export type CommentSection = (typeof COMMENT_SECTIONS)[number];

export interface CommentItem {
  id: number;
  comment: string;
  addedDate: number;
  member: { id: number; name: string; avatar: string | null };
}

// ── Member pages ────────────────────────────────────────────────────────────────────────────────────

/** A member's public profile (spec §3 Member), plus which of their sections they keep private. */
export interface MemberProfile {
  id: number;
  name: string;
  avatar: string | null;
  cover: string | null;
  gender: number | null;
  age: number | null;
  birthDate: string | null;
  relationship: number | null;
  orientation: number | null;
  education: string | null;
  website: string | null;
  country: string | null;
  city: string | null;
  occupation: string | null;
  interests: string | null;
  about: string | null;
  joinedAt: number;
  lastSeenAt: number | null;
  videos: number;
  subscribers: number;
  views: number;
  friends: number;
  privateSections: string[];
}

/** Something a member subscribes to: a model, another member (uploader) or a channel. */
export type MemberSubscription =
  | { section: 'model'; id: number; dir: string; title: string; scr: string | null; videos: number }
  | { section: 'member'; id: number; name: string; avatar: string | null; videos: number }
  | { section: 'channel'; id: number; dir: string; title: string; videos: number };

/** How a version's page reaches its canonical (ADR 0035). */
export type VersionMode = 'redirect' | 'listed';

/** A version's page: the canonical it belongs to and whether its page redirects there. */
export interface VersionOf {
  mode: VersionMode;
  canonical: { id: number; title: string; url: string };
}

/** One listed alternate on the canonical page ("Other versions"). */
export interface AlternateVersion {
  id: number;
  title: string;
  url: string;
  durationSec: number;
  /** Height of the best rendition, e.g. 720 (the page prints 720p). */
  height: number;
}

/** What a video page shows about versions; null when the video is in no group (or its canonical is hidden). */
export type PageVersions =
  | { role: 'version'; versionOf: VersionOf }
  | { role: 'canonical'; alternates: AlternateVersion[] };
