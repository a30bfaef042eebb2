import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { COMMENTS_MAX_PAGE } from '../services/community/comment.service';
import { COMMENT_SECTIONS, type CommentItem } from '../services/community/community.dto';
import { cachedJson, legacyError } from './legacy-response';
import { BadSegment, int, oneOf, parseBucketed, parseLifetime } from './paths';
import type { ResponseCache } from './response-cache';
import { sqlDate } from './sql-date';

/** The legacy comment (spec §3 Comment fields). */
export function legacyComment(c: CommentItem) {
  return {
    comment_id: c.id,
    name: c.member.name,
    avatar: c.member.avatar,
    _id: c.member.id,
    comment: c.comment,
    added_date: sqlDate(c.addedDate),
  };
}

/** `GET /api/json/comments/{lifetime}/{section}/{bucket}/{object_id}.json?page=N` (docs/api/comments.md). */
export function commentsLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.get('/api/json/comments/:lifetime/:section/:bucket/:file', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const section = oneOf(c.req.param('section'), COMMENT_SECTIONS, 'section');
    const file = c.req.param('file');
    if (!file.endsWith('.json')) throw new BadSegment('path');
    const id = parseBucketed(c.req.param('bucket'), file.slice(0, -5));
    const rawPage = c.req.query('page');
    const page = rawPage === undefined ? 1 : int(rawPage, 'page', 1, COMMENTS_MAX_PAGE);
    return cachedJson(c, cache, lifetime, async () => {
      const r = await c.var.services.comments.list(section, id, page);
      return { comments: r.items.map(legacyComment), total_count: r.totalCount };
    });
  });

  return app;
}
