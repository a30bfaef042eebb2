import type { Gender } from '../services/dto';
import type { ApiCaller } from '../trpc/root';

export interface Viewer {
  memberId: number | null;
  name: string | null;
  role: 'member' | 'moderator' | 'admin' | null;
}

/** What every page loader receives as react-router's load context. */
export interface PageContext {
  api: ApiCaller;
  viewer: Viewer;
  lang: string;
  /** The visitor's chosen country (cookie), lower-case ISO code, or null. */
  country: string | null;
  gender: Gender;
  requestId: string;
  /** Public base URL, e.g. http://localhost:3000 */
  origin: string;
  /** An external sign-in provider is configured (`/api/.g.php`). */
  externalSignIn: boolean;
  /** tus chunk size for the add-video page (UPLOAD_CHUNK_MB). */
  uploadChunkBytes: number;
}
