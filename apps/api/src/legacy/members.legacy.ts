import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { MEMBER_SORTS, type MemberFilters } from '../services/members/member-directory.service';
import { MAX_PAGE } from '../services/videos/video-listing.service';
import { cachedJson, legacyError } from './legacy-response';
import { legacyMemberThumb } from './member-pages.legacy';
import { BadSegment, int, oneOf, parseLifetime } from './paths';
import type { ResponseCache } from './response-cache';

const COUNTRY = /^[a-z]{2}$/;

/** `filt{country}.{gender}.{age}.{relationship}.{avatar}.{orientation}`, empty values meaning any. */
export function parseMemberFilt(segment: string): MemberFilters {
  if (!segment.startsWith('filt')) throw new BadSegment('filt');
  const values = segment.slice(4).split('.');
  if (values.length !== 6) throw new BadSegment('filt');
  const [country, gender, age, relationship, avatar, orientation] = values;
  const code = <T extends number>(v: string, name: string, max: number) =>
    v === '' ? null : (int(v, name, 1, max) as T);
  if (country !== '' && !COUNTRY.test(country)) throw new BadSegment('country');
  return {
    country: country || null,
    gender: code(gender, 'gender', 3),
    age: code(age, 'age', 4),
    relationship: code(relationship, 'relationship', 3),
    avatar: code(avatar, 'avatar', 2),
    orientation: code(orientation, 'orientation', 5),
  };
}

/** The community member list (path not shown by the spec; designed in the legacy style, docs/api/members.md). */
export function membersLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();

  app.onError((err, c) => legacyError(c, err));

  app.get('/api/json/members/:lifetime/:sort/:count/:filt/:file', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const sort = oneOf(c.req.param('sort'), MEMBER_SORTS, 'sort');
    const count = int(c.req.param('count'), 'count', 1, 100);
    const filters = parseMemberFilt(c.req.param('filt'));
    const file = c.req.param('file');
    if (!file.endsWith('.json')) throw new BadSegment('path');
    const page = int(file.slice(0, -5), 'page', 1, MAX_PAGE);
    const s = (c.req.query('s') ?? '').trim();
    if (s.length > 69) throw new BadSegment('s');
    return cachedJson(c, cache, lifetime, async () => {
      const r = await c.var.services.members.list({ sort, count, page, filters, search: s || null });
      return {
        members: r.items.map(legacyMemberThumb),
        total_count: r.totalCount,
      };
    });
  });

  return app;
}
