import type { Gender } from '@vt/rules';
import type { Logger } from 'pino';
import type { Services } from '../container';
import type { Viewer } from '../services/shared/viewer';

/** Per-request values middleware puts on the Hono context. */
export interface AppEnv {
  Variables: {
    services: Services;
    requestId: string;
    /** The caller's address (http/client-ip.ts: forwarded only behind a trusted proxy). */
    clientIp: string;
    /** The request reached the site over TLS (directly, or through a trusted proxy): cookies get `Secure`. */
    secure: boolean;
    log: Logger;
    viewer: Viewer;
    lang: string;
    gender: Gender;
    /** The visitor's picked country (cookie), for "top in country". */
    country: string | null;
    /** Where the request comes from: the trusted CDN header, or null when not known. */
    requestCountry: string | null;
  };
}
