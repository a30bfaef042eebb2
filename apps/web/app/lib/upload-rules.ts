// Web-side copy of the server's upload rules (apps/api/src/uploads/upload-rules.ts), checked before any byte.
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
export const MAX_UPLOAD_BYTES = 10 * 1024 ** 3;
export const TITLE_MIN = 3;
export const TITLE_MAX = 100;

/** A custom preview image: JPEG, PNG or WebP, at most 10 MB (the server also wants at least 640×360). */
export const PREVIEW_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PREVIEW_MAX_BYTES = 10 * 1024 * 1024;

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
