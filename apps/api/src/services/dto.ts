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
  | { section: 'playlist'; playlistId: number };

export interface ListingQuery {
  gender: Gender;
  sort: VideoSort;
  count: number;
  page: number;
  target: ListingSection;
  hdOnly: boolean;
  duration: DurationFilter;
  date: DateFilter;
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
