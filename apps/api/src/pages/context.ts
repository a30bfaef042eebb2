import type { Gender } from '@vt/rules';
import type { Config } from '../config';
import type { PageAgeGate } from '../routes/age-gate.page';
import type { PageNetwork } from '../services/network/network-config';
import type { Viewer } from '../services/shared/viewer';
import type { ApiCaller } from '../trpc/root';

export type { Viewer };

/** What every page loader receives as react-router's load context. */
export interface PageContext {
  api: ApiCaller;
  viewer: Viewer;
  lang: string;
  /** The visitor's chosen country (cookie), lower-case ISO code, or null. */
  country: string | null;
  gender: Gender;
  requestId: string;
  /** Logs a loader or render failure with this request's id, as API errors are logged. */
  logError: (error: unknown, stage: 'loader' | 'render') => void;
  /** Public base URL, e.g. http://localhost:3000 */
  origin: string;
  /** An external sign-in provider is configured (`/api/.g.php`). */
  externalSignIn: boolean;
  /** Media segments answer with redirects into an object store (MEDIA_STORE=s3): the player uses hls.js. */
  mediaRedirects: boolean;
  /** tus chunk size for the add-video page (UPLOAD_CHUNK_MB). */
  uploadChunkBytes: number;
  /** Sister sites, network and partner links, hardlinks, the partner slider and ad HTML (NETWORK_CONFIG). */
  network: PageNetwork;
  /** Whether this visitor sees the age gate (and no media until they pass it), in which language, how. */
  ageGate: PageAgeGate;
  /** This response's Content-Security-Policy nonce: every inline script carries it. */
  nonce: string;
  /** The 2257 page's operator settings (RECORDS_*). */
  records2257: Config['records2257'];
  /**
   * Set by the web app's entry: the document it answered with and its bytes, so the page handler stores
   * them without reading the answer back through a stream.
   */
  rendered?: { response: Response; body: Buffer };
}
