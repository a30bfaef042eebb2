/** Upload limits (spec §5, §9): the web app checks them before sending a byte, the API enforces them. */

/** Spec §9: the accepted video formats, by extension. */
export const VIDEO_FORMATS = [
  '3gp',
  'mp4',
  'mov',
  'asf',
  'flv',
  'mpg',
  'avi',
  'mpeg',
  'wmv',
  'rm',
  'dat',
  'mkv',
  'vob',
  'm2v',
  'm2t',
  'm4v',
  'f4v',
  'mts',
  'webm',
] as const;
/** Spec §9: 10 GB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 ** 3;
/** The single-request path (`POST /api/video_edit.php`) is for small files: anything bigger goes through tus. */
export const VIDEO_EDIT_MAX_BYTES = 256 * 1024 * 1024;
/** Spec §9: longer than 6 minutes for exclusive videos, 10 for the others (checked after probing). */
export const MIN_SECONDS = { exclusive: 360, nonExclusive: 600 } as const;
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;
/** Uploads one member may have in progress at once (the server refuses a fourth). */
export const MAX_CONCURRENT_UPLOADS = 3;

/** A custom preview image: JPEG, PNG or WebP, at most 10 MB (the server also wants at least 640×360). */
export const PREVIEW_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;
