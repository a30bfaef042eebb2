import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { visitorOf } from '../http/visitor';
import { AppError } from '../lib/app-error';
import { COMMENT_SECTIONS } from '../services/community/community.dto';
import { SUBSCRIBE_SECTIONS } from '../services/community/subscribe.service';
import { VOTE_SECTIONS } from '../services/community/votes.service';
import { requireMember } from '../services/shared/errors';
import { ok } from './form';
import { formId, formOneOf } from './form-values';
import { legacyError } from './legacy-response';

/**
 * `POST /api/stats.php`: the statistics calls of spec §7 (path not shown there; documented in
 * docs/api/stats.md): act=view for everyone; subscribe, unsubscribe, vote and comm for members.
 */
export function statsLegacy() {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.post('/api/stats.php', async (c) => {
    const form = await c.req.parseBody();
    const act = String(form.act ?? '');
    if (act !== 'view') {
      try {
        return await memberStat(c, act, strings(form));
      } catch (err) {
        // Subscribe and vote errors are toasts (`notify`); comm's show under the comment box.
        return legacyError(c, err, { notify: act !== 'comm' });
      }
    }
    const section = String(form.section ?? 'video');
    if (section !== 'video' && section !== 'album') throw new AppError('bad_section', { field: 'section' });
    const objectId = String(form.object_id ?? '');
    if (!/^\d{1,10}$/.test(objectId)) throw new AppError('bad_object_id', { field: 'object_id' });
    if (section === 'album') {
      // Albums count album_viewed only (batched like video views); nogeo and _id do not apply.
      if (!(await c.var.services.views.recordAlbum(Number(objectId), visitorOf(c)))) {
        throw new AppError('album_not_found', { status: 404, message: 'Album not found' });
      }
      return c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' });
    }
    const nogeo = form.nogeo === '1' || form.nogeo === 'true';
    // A posted _id is only honoured when it is the signed-in member: nobody can log views as someone else.
    const viewer = c.var.viewer.memberId;
    const claimed = form._id ? Number(form._id) : null;
    const memberId = claimed !== null && claimed === viewer ? viewer : null;
    const ok = await c.var.services.views.record(Number(objectId), {
      country: c.var.requestCountry,
      nogeo,
      visitor: { ...visitorOf(c), memberId },
    });
    if (!ok) throw new AppError('video_not_found', { status: 404 });
    return c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}

const strings = (form: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string')) as Record<string, string>;

/** The member statistics calls: each needs a session and acts as the signed-in member only. */
async function memberStat(c: Context<AppEnv>, act: string, form: Record<string, string>) {
  const s = c.var.services;
  switch (act) {
    case 'subscribe':
    case 'unsubscribe': {
      const me = requireMember(c.var.viewer.memberId);
      const section = formOneOf(form, 'section', SUBSCRIBE_SECTIONS);
      const id = formId(form, 'object_id');
      return ok(
        c,
        act === 'subscribe'
          ? await s.subscribe.subscribe(me, section, id)
          : await s.subscribe.unsubscribe(me, section, id),
      );
    }
    case 'vote': {
      const me = requireMember(c.var.viewer.memberId);
      const section = formOneOf(form, 'section', VOTE_SECTIONS, 'video');
      const vote = formOneOf(form, 'vote', ['0', '1'] as const);
      await s.limits.hit(['vote', me]);
      return ok(c, await s.votes.vote(me, section, formId(form, 'object_id'), vote === '1' ? 1 : 0));
    }
    case 'comm': {
      const me = requireMember(c.var.viewer.memberId);
      const section = formOneOf(form, 'section', COMMENT_SECTIONS, 'video');
      await s.limits.hit(['comment', me], ['commentDaily', me]);
      const r = await s.comments.post(me, section, formId(form, 'object_id'), form.msg);
      return ok(c, { comment_id: r.commentId });
    }
    default:
      throw new AppError('unsupported_act', { field: 'act' });
  }
}
