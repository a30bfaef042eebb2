import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { legacyError } from './legacy-response';

/**
 * `POST /api/stats.php`: the statistics calls of spec §7 (path not shown there; documented in
 * docs/api/stats.md). This issue implements act=view; the member acts arrive with sign-in.
 */
export function statsLegacy() {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.post('/api/stats.php', async (c) => {
    const form = await c.req.parseBody();
    const act = String(form.act ?? '');
    if (act !== 'view') throw new AppError('unsupported_act', { field: 'act' });
    const section = String(form.section ?? 'video');
    if (section !== 'video' && section !== 'album') throw new AppError('bad_section', { field: 'section' });
    const objectId = String(form.object_id ?? '');
    if (!/^\d{1,10}$/.test(objectId)) throw new AppError('bad_object_id', { field: 'object_id' });
    if (section === 'album') {
      // Albums count album_viewed only (batched like video views); nogeo and _id do not apply.
      if (!c.var.services.views.recordAlbum(Number(objectId))) {
        throw new AppError('album_not_found', { status: 404, message: 'Album not found' });
      }
      return c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' });
    }
    const nogeo = form.nogeo === '1' || form.nogeo === 'true';
    // A posted _id is only honoured when it is the signed-in member: nobody can log views as someone else.
    const viewer = c.var.viewer.memberId;
    const claimed = form._id ? Number(form._id) : null;
    const memberId = claimed !== null && claimed === viewer ? viewer : null;
    const ok = c.var.services.views.record(Number(objectId), {
      country: c.var.requestCountry,
      nogeo,
      memberId,
    });
    if (!ok) throw new AppError('video_not_found', { status: 404 });
    return c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}
