import type { MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env';

/** Paths that are files or APIs, never pages. */
const FILES = /^\/(api|trpc|media|thumbs|timelines|assets|dev|static)\//;
/** The embed player (`/embed/{video_id}/{dir}/`): other sites put it in an iframe. */
const EMBED = /^\/embed\//;
/** Ad documents carry their own sandboxing policy (routes/ad-documents.routes.ts). */
const ADS = /^\/ads\//;

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type Csp = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>;

/**
 * The page policy (docs/decisions/0017-content-security-policy.md): scripts only from this origin or inline
 * with this response's nonce; ads run in sandboxed frames; images may come from partners over https;
 * media plays from this origin (or the media origin) through hls.js's blob URLs.
 */
function pagePolicy(frameAncestors: string[] | null, mediaOrigins: string[]): Csp {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE],
    // React and the layout set style attributes; styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...mediaOrigins],
    mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
    connectSrc: ["'self'", ...mediaOrigins],
    fontSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    ...(frameAncestors ? { frameAncestors } : {}),
  };
}

const PERMISSIONS: SecureHeadersOptions['permissionsPolicy'] = {
  camera: [],
  microphone: [],
  geolocation: [],
  payment: [],
  usb: [],
  fullscreen: ['self'],
  pictureInPicture: ['self'],
  autoplay: ['self'],
};

const COMMON: SecureHeadersOptions = {
  referrerPolicy: 'strict-origin-when-cross-origin',
  permissionsPolicy: PERMISSIONS,
  // TLS and HSTS belong to the proxy that terminates TLS (docs/operations.md).
  strictTransportSecurity: false,
  // Thumbnails and feeds are hotlinked by partner sites on purpose.
  crossOriginResourcePolicy: false,
};

/**
 * Security headers on every response: nosniff, Referrer-Policy, Permissions-Policy everywhere; pages get the
 * strict CSP with a fresh nonce and may be framed only by the site, the embed player by anyone; files and
 * APIs get a CSP that runs nothing (an SVG or HTML opened directly cannot script).
 */
export function securityHeaders(opts: { mediaOrigins?: string[] } = {}): MiddlewareHandler<AppEnv> {
  const media = opts.mediaOrigins ?? [];
  const pages = secureHeaders({
    ...COMMON,
    xFrameOptions: 'SAMEORIGIN',
    contentSecurityPolicy: pagePolicy(["'self'"], media),
  });
  const embed = secureHeaders({
    ...COMMON,
    xFrameOptions: false,
    // No frame-ancestors at all: `*` would still refuse pages without a network origin (file:, about:blank).
    contentSecurityPolicy: pagePolicy(null, media),
  });
  const files = secureHeaders({
    ...COMMON,
    xFrameOptions: false,
    contentSecurityPolicy: { defaultSrc: ["'none'"], styleSrc: ["'unsafe-inline'"], sandbox: [] },
  });
  const ads = secureHeaders({ ...COMMON, xFrameOptions: 'SAMEORIGIN', overwrite: false });
  return (c, next) => {
    const path = c.req.path;
    if (ADS.test(path)) return ads(c, next);
    if (FILES.test(path)) return files(c, next);
    return EMBED.test(path) ? embed(c, next) : pages(c, next);
  };
}
