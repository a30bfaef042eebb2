import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../lib/app-error';
import { requireMember } from '../services/shared/errors';
import { ok } from './form';
import { formId } from './form-values';
import { legacyError } from './legacy-response';

/**
 * `POST /api/album_edit.php` (spec §7, multipart; docs/api/albums-upload.md): `act=create` (title, desc,
 * categories) makes a pending album; `act=photo` (album_id, file) adds one photo, so a page can send several
 * images one by one, each with its own progress.
 */
export function albumEditLegacy() {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.post('/api/album_edit.php', async (c) => {
    const me = requireMember(c.var.viewer.memberId);
    const body = await c.req.parseBody();
    const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    const albums = c.var.services.albumUploads;
    switch (text('act') ?? 'create') {
      case 'create': {
        const r = await albums.create(me, {
          title: text('title'),
          desc: text('desc'),
          categories: text('categories'),
          adult: text('adult'),
        });
        return ok(c, { code: 'album_created', album_id: r.albumId });
      }
      case 'photo': {
        const file = body.file;
        if (!(file instanceof File))
          throw new AppError('required', { field: 'file', message: 'This field is required' });
        const r = await albums.addPhoto(
          me,
          formId({ album_id: text('album_id') ?? '' }, 'album_id'),
          new Uint8Array(await file.arrayBuffer()),
        );
        return ok(c, { code: 'photo_added', photo_id: r.photoId, photos_amount: r.photosAmount });
      }
      default:
        throw new AppError('unsupported_act', { field: 'act' });
    }
  });

  return app;
}
