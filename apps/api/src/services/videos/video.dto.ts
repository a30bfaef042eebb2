import type { DateFilter, DurationFilter, Gender, VideoSort } from '@vt/rules';
import type { NamedLink } from '../shared/dto';

/** The videos domain's shapes handed to adapters (tRPC, legacy REST, page loaders). Times are unix seconds. */

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
