import {
  MAX_UPLOAD_BYTES,
  MIN_SECONDS,
  PREVIEW_MAX_BYTES,
  PREVIEW_TYPES,
  TITLE_MAX,
  TITLE_MIN,
  VIDEO_FORMATS,
} from '@vt/rules';
export interface PreviewChoice {
  mode: 'auto' | 'custom';
  file: File | null;
}

export interface UploadProblem {
  field: 'file' | 'title' | 'adult' | 'preview';
  code: string;
  info?: Record<string, unknown>;
}

export function checkUpload(
  file: File | null,
  title: string,
  adult: boolean,
  preview: PreviewChoice = { mode: 'auto', file: null },
): UploadProblem[] {
  const problems: UploadProblem[] = [];
  if (!file) problems.push({ field: 'file', code: 'required' });
  else {
    const dot = file.name.lastIndexOf('.');
    const ext = dot > 0 ? file.name.slice(dot + 1).toLowerCase() : '';
    if (!(VIDEO_FORMATS as readonly string[]).includes(ext))
      problems.push({ field: 'file', code: 'bad_format', info: { formats: VIDEO_FORMATS.join(', ') } });
    else if (!/^[A-Za-z0-9]+$/.test(file.name.slice(0, dot)))
      problems.push({ field: 'file', code: 'bad_filename' });
    else if (file.size > MAX_UPLOAD_BYTES)
      problems.push({ field: 'file', code: 'file_too_large', info: { max: '10 GB' } });
  }
  const t = title.trim();
  if (!t) problems.push({ field: 'title', code: 'title_required' });
  else if (t.length < TITLE_MIN)
    problems.push({ field: 'title', code: 'min_length', info: { length: TITLE_MIN } });
  else if (t.length > TITLE_MAX)
    problems.push({ field: 'title', code: 'max_length', info: { length: TITLE_MAX } });
  if (preview.mode === 'custom') {
    if (!preview.file) problems.push({ field: 'preview', code: 'preview_required' });
    else if (!(PREVIEW_TYPES as readonly string[]).includes(preview.file.type))
      problems.push({ field: 'preview', code: 'bad_file_type' });
    else if (preview.file.size > PREVIEW_MAX_BYTES)
      problems.push({ field: 'preview', code: 'file_too_large', info: { max: '10 MB' } });
  }
  if (!adult) problems.push({ field: 'adult', code: 'consent_required' });
  return problems;
}

/** "1.2 MB", "350 KB" for the progress line. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(0, Math.round(bytes / 1024))} KB`;
}

/** "1:05:09" or "4:07" for the ETA. */
export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The length check made in the browser before any byte is sent; the problem's text is the server's own. */
export function durationProblem(seconds: number | null, exclusive: boolean): UploadProblem | null {
  if (seconds === null) return null;
  const min = exclusive ? MIN_SECONDS.exclusive : MIN_SECONDS.nonExclusive;
  return seconds <= min ? { field: 'file', code: 'too_short' } : null;
}

/**
 * The length of a video file as the browser reads it from its metadata (a <video> on an object URL), or null
 * when the browser cannot play the format (the server then decides after the upload).
 */
export function readDuration(file: File, timeoutMs = 15_000): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;
    const done = (seconds: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(null);
    video.src = url;
  });
}

/** How much of a file's start the same-file check hashes (enough to tell two files of one size apart). */
const HEAD_BYTES = 1024 * 1024;

/**
 * SHA-256 (hex) of the file's first megabyte: stored with an upload, compared when it is resumed. Null where
 * the browser offers no digest (a page not served over HTTPS): name and size are then all that is compared.
 */
export async function headHash(file: Blob): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const bytes = await file.slice(0, HEAD_BYTES).arrayBuffer();
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a picked file is the one an unfinished upload was made from: the same name and size, and when the
 * upload recorded it, the same first megabyte. Checked before any byte is sent.
 */
export async function sameFile(
  file: File,
  expected: { filename: string; size: number; head: string | null },
): Promise<boolean> {
  if (file.name !== expected.filename || file.size !== expected.size) return false;
  if (expected.head === null) return true;
  const head = await headHash(file);
  return head === null || head === expected.head;
}
