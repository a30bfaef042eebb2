import { mimeTypeFor } from '@vt/media';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { sendFile } from '../http/send-file';
import { readTimelineVtt, under } from '../services/media/timeline-vtt';
import { validMonthRange } from '../services/moderation/transparency.service';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-store' } });

/**
 * Files only moderators see: a pending video's seek-preview VTT, the image attached to a report, the new
 * preview image of a pending edit and the restoration's before/after stills.
 */
export function moderationRoutes({ mediaDir, reportsDir }: { mediaDir: string; reportsDir: string }) {
  const app = new Hono<AppEnv>();
  app.use('/api/moderation/*', async (c, next) => {
    const role = c.var.viewer.role;
    if (role !== 'moderator' && role !== 'admin') return notFound();
    await next();
  });

  app.get('/api/moderation/timeline/:file{\\d{1,10}\\.vtt}', async (c) => {
    const mediaPath = c.var.services.moderation.queue.timelineOf(Number.parseInt(c.req.param('file'), 10));
    const body = mediaPath ? await readTimelineVtt(mediaDir, mediaPath) : null;
    if (body === null) return notFound();
    return new Response(body, {
      headers: { 'Content-Type': 'text/vtt; charset=utf-8', 'Cache-Control': 'private, no-store' },
    });
  });

  // The proposed preview image of an uploader's pending edit, next to the public one.
  app.get('/api/moderation/revision-image/:file{\\d{1,10}\\.jpg}', (c) => {
    const file = c.var.services.moderation.revisions.imageOf(Number.parseInt(c.req.param('file'), 10));
    if (!file) return notFound();
    return (
      sendFile(c.req.raw, file, { contentType: 'image/jpeg', cacheControl: 'private, no-store' }) ??
      notFound()
    );
  });

  // The restoration's before/after stills of a pending video (ADR 0039).
  app.get('/api/moderation/restoration-still/:id{\\d{1,10}}/:file{(?:before|after)\\.jpg}', (c) => {
    const which = c.req.param('file').startsWith('before') ? 'before' : 'after';
    const file = c.var.services.moderation.restoration.stillOf(Number(c.req.param('id')), which);
    if (!file) return notFound();
    return (
      sendFile(c.req.raw, file, { contentType: 'image/jpeg', cacheControl: 'private, no-store' }) ??
      notFound()
    );
  });

  app.get('/api/moderation/report-file/:id{\\d{1,10}}', (c) => {
    const file = c.var.services.moderation.reports.fileOf(Number(c.req.param('id')));
    const full = file ? under(reportsDir, file) : null;
    if (!full) return notFound();
    return (
      sendFile(c.req.raw, full, { contentType: mimeTypeFor(full), cacheControl: 'private, no-store' }) ??
      notFound()
    );
  });
  // The transparency report (ADR 0037), admins only: `?from=YYYY-MM&to=YYYY-MM`, as a download.
  app.get('/api/moderation/:file{transparency\\.(?:csv|json)}', (c) => {
    if (c.var.viewer.role !== 'admin') return notFound();
    const from = c.req.query('from') ?? '';
    const to = c.req.query('to') ?? '';
    if (!validMonthRange(from, to))
      return c.json({ error: 'Choose a valid month range', code: 'bad_range' }, 400, {
        'Cache-Control': 'no-store',
      });
    const t = c.var.services.moderation.transparency;
    const rows = t.report(from, to);
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
