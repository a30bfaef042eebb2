import { createHash, randomUUID } from 'node:crypto';
import { catalogs, isLang } from '@vt/i18n';
import { VIDEO_EDIT_MAX_BYTES } from '@vt/rules';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../lib/app-error';
import { requireMember } from '../services/shared/errors';
import { checkLength } from '../services/shared/field-rules';
import { checkVideoUpload } from '../services/uploads/upload-rules';
import { ok } from './form';
import { formId } from './form-values';
import { legacyError } from './legacy-response';

/** A `notify.*` text in the viewer's language, so clients that show `message` need no catalog. */
function notifyText(lang: string, code: 'video_edit_pending'): string {
  const notify = (catalog: unknown) => (catalog as { notify?: Record<string, string> }).notify?.[code];
  return notify(catalogs[isLang(lang) ? lang : 'en']) ?? notify(catalogs.en) ?? code;
}

/**
 * `POST /api/video_edit.php` (spec §7, multipart with progress; docs/api/uploads.md): a small video in one
 * request (`file` plus the tus metadata fields) into the same processing and moderation, or `act=edit` of
 * the title, description and preview image of one's own video (held for moderation once it is published).
 */
export function videoEditLegacy() {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.post('/api/video_edit.php', async (c) => {
    const me = requireMember(c.var.viewer.memberId);
    if (Number(c.req.header('content-length') ?? 0) > VIDEO_EDIT_MAX_BYTES + 1024 * 1024)
      throw new AppError('file_too_large', {
        status: 413,
        field: 'file',
        info: { max: '256 MB' },
        message: 'The file is too large for a single request: use the resumable upload',
      });
    const body = await c.req.parseBody();
    const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    const s = c.var.services;
    if (text('act') === 'preview') {
      // The uploader's own preview image, sent before the video; its token goes into the upload's metadata.
      const image = body.preview;
      if (!(image instanceof File))
        throw new AppError('preview_required', { field: 'preview', message: 'Please add a preview image' });
      const token = await s.previews.store(me, new Uint8Array(await image.arrayBuffer()));
      return ok(c, { preview: token });
    }
    if (text('act') === 'edit') {
      const videoId = formId({ video_id: text('video_id') ?? '' }, 'video_id');
      const title = checkLength('title', text('title'), 3, 100);
      const description = (text('desc') ?? '').trim().slice(0, 2000);
      // A new preview image comes as a file, or as the token of one sent before with act=preview.
      const image = body.preview;
      const token =
        image instanceof File
          ? await s.previews.store(me, new Uint8Array(await image.arrayBuffer()))
          : text('preview') || null;
      const previewKey = token ? await s.previews.find(me, token) : null;
      if (token && !previewKey)
        throw new AppError('preview_required', { field: 'preview', message: 'Please add a preview image' });
      const result = await s.moderation.revisions.submit(me, videoId, { title, description, previewKey });
      if (!result) throw new AppError('video_not_found', { status: 404, message: 'Video not found' });
      if (result === 'applied') {
        await s.search.queueIndex([videoId]);
        return ok(c, { code: 'video_changed' });
      }
      return ok(c, { code: 'video_edit_pending', message: notifyText(c.var.lang, 'video_edit_pending') });
    }
    const file = body.file;
    if (!(file instanceof File))
      throw new AppError('required', { field: 'file', message: 'This field is required' });
    const meta = checkVideoUpload(
      {
        filename: file.name,
        title: text('title'),
        description: text('desc') ?? text('description'),
        exclusive: text('exclusive'),
        adult: text('adult'),
        categories: text('categories'),
        models: text('models'),
        preview: text('preview'),
        preview_mode: text('preview_mode'),
      },
      file.size,
    );
    const id = randomUUID().replaceAll('-', '');
    await s.uploads.begin(me, id, file.size, meta);
    const bytes = new Uint8Array(await file.arrayBuffer());
    // Where tus puts uploads: the uploads directory, or the bucket in S3 mode.
    await s.tus.source.put(id, bytes);
    await s.uploads.complete(id, createHash('sha256').update(bytes).digest('hex'));
    return ok(c, { code: 'upload_received', upload_id: id });
  });

  return app;
}
