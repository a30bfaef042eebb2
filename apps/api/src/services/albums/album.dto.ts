import type { AlbumSort, Gender } from '@vt/rules';
import type { NamedLink } from '../shared/dto';

/** The albums domain's shapes handed to adapters (tRPC, legacy REST, page loaders). Times are unix seconds. */

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
