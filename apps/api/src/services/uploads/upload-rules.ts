import { MAX_UPLOAD_BYTES, TITLE_MAX, TITLE_MIN, VIDEO_FORMATS } from '@vt/rules';
import { AppError } from '../../lib/app-error';
import {
  isEmptyProvenance,
  PROVENANCE_KEYS,
  type Provenance,
  type ProvenanceInput,
  parseProvenance,
} from '../videos/provenance-rules';

export interface VideoUploadMeta {
  filename: string;
  title: string;
  description: string;
  exclusive: boolean;
  /** Up to 3 category dirs and up to 5 model dirs the uploader picked. */
  categories: string[];
  models: string[];
  /** Token of a preview image the uploader sent first (video_edit.php act=preview); none: the pipeline picks a frame. */
  preview?: string;
  /** The optional provenance record (ADR 0036), checked like the rest. */
  provenance?: Provenance;
}

/**
 * The checks the client makes before sending a byte (spec §5), enforced again by the server:
 * format, a Latin-letters-and-digits file name, at most 10 GB, a title.
 */
export function checkVideoUpload(
  meta: Record<string, string | null | undefined>,
  size: number | undefined,
): VideoUploadMeta {
  const filename = (meta.filename ?? '').trim();
  const dot = filename.lastIndexOf('.');
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  if (!(VIDEO_FORMATS as readonly string[]).includes(ext))
    throw new AppError('bad_format', {
      field: 'file',
      info: { formats: VIDEO_FORMATS.join(', ') },
      message: 'This file type is not allowed',
    });
  if (!/^[A-Za-z0-9]+$/.test(filename.slice(0, dot)))
    throw new AppError('bad_filename', {
      field: 'file',
      message: 'The file name may contain only Latin letters and digits',
    });
  if (size !== undefined && size > MAX_UPLOAD_BYTES)
    throw new AppError('file_too_large', {
      status: 413,
      field: 'file',
      info: { max: '10 GB' },
      message: 'The file is too large: at most 10 GB',
    });
  const title = (meta.title ?? '').trim();
  if (!title) throw new AppError('title_required', { field: 'title', message: 'Please enter a title' });
  if (title.length < TITLE_MIN || title.length > TITLE_MAX)
    throw new AppError(title.length < TITLE_MIN ? 'min_length' : 'max_length', {
      field: 'title',
      info: { length: title.length < TITLE_MIN ? TITLE_MIN : TITLE_MAX },
    });
  const description = (meta.description ?? '').trim().slice(0, 2000);
  if (meta.adult !== '1')
    throw new AppError('consent_required', {
      field: 'adult',
      message: 'Please confirm that everyone depicted is an adult and consented',
    });
  const dirs = (v: string | null | undefined, max: number) =>
    (v ?? '')
      .split(',')
      .map((d) => d.trim())
      .filter((d) => /^[a-z0-9][a-z0-9-]{0,79}$/.test(d))
      .slice(0, max);
  // "Use my own preview image" needs the image (spec §5: 'preview needed').
  const preview = (meta.preview ?? '').trim();
  if (meta.preview_mode === 'custom' && !preview)
    throw new AppError('preview_required', { field: 'preview', message: 'Please add a preview image' });
  return {
    filename,
    title,
    description,
    ...(preview ? { preview } : {}),
    exclusive: meta.exclusive === '1',
    categories: dirs(meta.categories, 3),
    models: dirs(meta.models, 5),
    ...uploadProvenance(meta),
  };
}

/** `prov_year`, `prov_decade`, `prov_studio`… of the upload's metadata; none given: no record. */
function uploadProvenance(meta: Record<string, string | null | undefined>): { provenance?: Provenance } {
  const input = Object.fromEntries(
    PROVENANCE_KEYS.map((key) => [key, meta[`prov_${key}`] ?? null]),
  ) as ProvenanceInput;
  const p = parseProvenance(input, new Date().getUTCFullYear());
  return isEmptyProvenance(p) ? {} : { provenance: p };
}
