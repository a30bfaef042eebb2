export type MediaErrorCode =
  | 'corrupted_file'
  | 'probe_failed'
  | 'transcode_failed'
  | 'aborted'
  /** The source is outside what the pipeline accepts (see media-bounds.ts); refused at probe. */
  | 'dimensions_out_of_bounds'
  | 'frame_rate_out_of_bounds'
  | 'duration_implausible'
  | 'too_many_streams'
  /** ffprobe or ffmpeg ran past its wall-clock limit or its memory ceiling (see resource-limits.ts). */
  | 'processing_timeout'
  | 'processing_out_of_memory';

export class MediaError extends Error {
  readonly code: MediaErrorCode;
  /** Tool output behind the failure (last lines of ffmpeg's stderr), for logs rather than users. */
  readonly detail: string | null;

  constructor(code: MediaErrorCode, message: string, options: { detail?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'MediaError';
    this.code = code;
    this.detail = options.detail ?? null;
  }
}

export function isMediaError(err: unknown, code?: MediaErrorCode): err is MediaError {
  return err instanceof MediaError && (code === undefined || err.code === code);
}
