import type { Logger } from 'pino';
import type { Viewer } from './pages/context';
import type { Gender } from './services/dto';
import type { Services } from './services/index';

/** Per-request values middleware puts on the Hono context. */
export interface AppEnv {
  Variables: {
    services: Services;
    requestId: string;
    log: Logger;
    viewer: Viewer;
    lang: string;
    gender: Gender;
    /** The visitor's picked country (cookie), for "top in country". */
    country: string | null;
    /** Where the request comes from: the trusted CDN header, else the country cookie. */
    requestCountry: string | null;
  };
}
