import { MEDIA_FILES, mimeTypeFor } from '@vt/media';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { sendFile } from '../http/send-file';
import { absoluteSprites } from '../services/media/timeline-vtt';
import { validMonthRange } from '../services/moderation/transparency.service';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });

/**
 * Files only moderators see: a pending video's seek-preview VTT, the image attached to a report, the new
 * preview image of a pending edit and the restoration's before/after stills. A video's files are read
 * where its visible version lives (MEDIA_DIR, or the bucket in S3 mode: `services.videoFiles`), so any API
 * node answers them.
 */
export function moderationRoutes() {
  const app = new Hono<AppEnv>();
  app.use('/api/moderation/*', async (c, next) => {
    const role = c.var.viewer.role;
    if (role !== 'moderator' && role !== 'admin') return notFound();
    await next();
  });

  app.get('/api/moderation/timeline/:file{\\d{1,10}\\.vtt}', async (c) => {
    const mediaPath = await c.var.services.moderation.queue.timelineOf(
      Number.parseInt(c.req.param('file'), 10),
    );
    const vtt = mediaPath ? await c.var.services.videoFiles.read(mediaPath, MEDIA_FILES.vtt) : null;
    if (!mediaPath || vtt === null) return notFound();
    // Sprites go through /thumbs/, which lets staff see a pending upload's images (from the bucket in S3 mode).
    return new Response(absoluteSprites(vtt.toString('utf8'), mediaPath), {
      headers: { 'Content-Type': 'text/vtt; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  });

  // The proposed preview image of an uploader's pending edit, next to the public one.
  app.get('/api/moderation/revision-image/:file{\\d{1,10}\\.jpg}', async (c) => {
    // Read from the private files (the uploads directory, or the bucket in S3 mode): any node serves it.
    const bytes = await c.var.services.moderation.revisions.imageOf(Number.parseInt(c.req.param('file'), 10));
    if (!bytes) return notFound();
    return new Response(new Uint8Array(bytes), {
      headers: { 'Content-Type': 'image/jpeg', 'Cache-Control': 'private, no-store' },
    });
  });

  // The restoration's before/after stills of a pending video (ADR 0039).
  app.get('/api/moderation/restoration-still/:id{\\d{1,10}}/:file{(?:before|after)\\.jpg}', async (c) => {
    const which = c.req.param('file').startsWith('before') ? 'before' : 'after';
    const still = await c.var.services.moderation.restoration.stillOf(Number(c.req.param('id')), which);
    if (!still) return notFound();
    // S3 mode: the bytes come from the bucket, through a presigned URL no cache keeps.
    if ('url' in still)
      return c.body(null, 302, { Location: still.url, 'Cache-Control': 'private, no-store' });
    return (
      sendFile(c.req.raw, still.path, { contentType: 'image/jpeg', cacheControl: 'private, no-store' }) ??
      notFound()
    );
  });

  app.get('/api/moderation/report-file/:id{\\d{1,10}}', async (c) => {
    // From DATA_DIR, or the bucket's private prefix (S3 mode): any node serves what another one took.
    const file = await c.var.services.moderation.reports.fileOf(Number(c.req.param('id')));
    const bytes = file ? await c.var.services.reportFiles.read(file).catch(() => null) : null;
    if (!file || !bytes) return notFound();
    return new Response(new Uint8Array(bytes), {
      headers: { 'Content-Type': mimeTypeFor(file), 'Cache-Control': 'private, no-store' },
    });
  });
  // The transparency report (ADR 0037), admins only: `?from=YYYY-MM&to=YYYY-MM`, as a download.
  app.get('/api/moderation/:file{transparency\\.(?:csv|json)}', async (c) => {
    if (c.var.viewer.role !== 'admin') return notFound();
    const from = c.req.query('from') ?? '';
    const to = c.req.query('to') ?? '';
    if (!validMonthRange(from, to))
      return c.json({ error: 'Choose a valid month range', code: 'bad_range' }, 400, {
        'Cache-Control': 'no-store',
      });
    const t = c.var.services.moderation.transparency;
    const rows = await t.report(from, to);
    const name = `transparency-${from}-to-${to}`;
    const headers = { 'Cache-Control': 'private, no-store' };
    if (c.req.param('file').endsWith('.csv'))
      return c.body(t.csv(rows), 200, {
        ...headers,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}.csv"`,
      });
    return c.json({ from, to, generatedAt: new Date().toISOString(), rows }, 200, {
      ...headers,
      'Content-Disposition': `attachment; filename="${name}.json"`,
    });
  });
  return app;
}
