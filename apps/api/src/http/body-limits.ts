import { VIDEO_EDIT_MAX_BYTES } from '@vt/rules';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from '../lib/app-error';
import { IMAGE_MAX_BYTES } from '../services/members/profile-edit.service';
import { REPORT_IMAGE_RULE } from '../services/moderation/report-intake.service';
import { CAPTIONS_MAX_BYTES } from '../services/moderation/webvtt';
import { BLOCKLIST_MAX_BYTES } from '../services/screening/blocklists.service';
import { PHOTO_MAX_BYTES } from '../services/uploads/album-upload.service';
import type { AppEnv } from './app-env';

/** Forms, JSON and tRPC batches: the longest text a member can write is a few thousand characters. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;
/** Room for the text fields and multipart framing around an announced file limit. */
const FRAMING = 64 * 1024;

interface FileRoute {
  maxBytes: number;
  /** The announced limit, as the form's error shows it. */
  label: string;
}

/** Routes that take a file, with the limits docs/api and the forms announce. */
export const FILE_ROUTES: Record<string, FileRoute> = {
  '/api/video_edit.php': { maxBytes: VIDEO_EDIT_MAX_BYTES + 1024 * 1024, label: '256 MB' },
  '/api/album_edit.php': { maxBytes: PHOTO_MAX_BYTES + FRAMING, label: '20 MB' },
  '/api/member.php': { maxBytes: IMAGE_MAX_BYTES + FRAMING, label: '10 MB' },
  '/api/report.php': { maxBytes: REPORT_IMAGE_RULE.maxBytes + FRAMING, label: REPORT_IMAGE_RULE.maxLabel },
  // A captions track travels as a JSON string: escaping can at most double it.
  '/trpc/moderation.setCaptions': { maxBytes: 2 * CAPTIONS_MAX_BYTES + FRAMING, label: '512 KB' },
  // A blocklist travels as a JSON string too (ADR 0034).
  '/trpc/moderation.importBlocklist': { maxBytes: 2 * BLOCKLIST_MAX_BYTES + FRAMING, label: '8 MB' },
};

/** tus bounds each PATCH by the upload's declared length itself and streams it to disk. */
const STREAMED = /^\/api\/upload(\/|$)/;

const tooLarge = (file: FileRoute | undefined) =>
  file
    ? new AppError('file_too_large', {
        status: 413,
        field: 'file',
        info: { max: file.label },
        message: `The file is too large: at most ${file.label}`,
      })
    : new AppError('payload_too_large', { status: 413, message: 'The request is too large' });

/**
 * A body limit on every route, counted while a chunked body streams: over it, the read stops and the
 * answer is 413 with the legacy error (the error handler closes the connection so the rest is never read).
 */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  const limiters = new Map<string, MiddlewareHandler>();
  const limiterFor = (path: string) => {
    const file = FILE_ROUTES[path];
    const key = file ? path : '';
    let limiter = limiters.get(key);
    if (!limiter) {
      limiter = bodyLimit({
        maxSize: file?.maxBytes ?? DEFAULT_BODY_LIMIT,
        onError: () => {
          throw tooLarge(file);
        },
      });
      limiters.set(key, limiter);
    }
    return limiter;
  };
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || STREAMED.test(c.req.path)) return next();
    return limiterFor(c.req.path)(c, next);
  };
}
