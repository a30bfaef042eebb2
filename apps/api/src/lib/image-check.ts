import sharp from 'sharp';
import { AppError } from './app-error';

export interface ImageRule {
  /** The form field errors are reported on. */
  field: string;
  maxBytes: number;
  /** How the limit reads in the message, e.g. '10 MB'. */
  maxLabel: string;
  minWidth: number;
  minHeight: number;
  formats?: readonly string[];
}

/**
 * The checks every uploaded image gets before sharp re-encodes it: size, a real image of an accepted
 * format (by content, not name), and the minimum dimensions as the picture is shown (after its EXIF
 * rotation). Answers with the spec's messages.
 */
export async function checkImage(bytes: Uint8Array, rule: ImageRule) {
  if (bytes.byteLength > rule.maxBytes)
    throw new AppError('file_too_large', {
      status: 413,
      field: rule.field,
      info: { max: rule.maxLabel },
      message: 'The file is too large',
    });
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new AppError('bad_file_type', { field: rule.field, message: 'This file type is not allowed' });
  }
  if (!(rule.formats ?? ['jpeg', 'png', 'webp']).includes(meta.format ?? ''))
    throw new AppError('bad_file_type', { field: rule.field, message: 'This file type is not allowed' });
  // EXIF orientations 5–8 turn the picture a quarter: it is shown, and re-encoded, with the sides swapped.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 0;
  const height = (turned ? meta.width : meta.height) ?? 0;
  if (width < rule.minWidth || height < rule.minHeight)
    throw new AppError('invalid_image_size', {
      field: rule.field,
      info: { width: rule.minWidth, height: rule.minHeight },
      message: 'Invalid image size',
    });
  return meta;
}
