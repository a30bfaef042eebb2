import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../lib/app-error';
import { SEARCH_MAX, SEARCH_MIN, type SearchFilters } from '../services/search/search-engine';
import type { ListingSection } from '../services/videos/video.dto';
import { cachedJson, legacyError } from './legacy-response';
import { BadSegment, parseLang, parseVideos2 } from './paths';
import type { ResponseCache } from './response-cache';
import { legacyThumb } from './video-shape';

/** The suggester's lifetime (spec §7 client lifetime for suggestions): half a day. */
export const SUGGESTER_LIFETIME = 43_200;

/** The search text rule of spec §5, as the legacy error `search_length`. */
export function searchText(raw: string | undefined): string {
  const s = (raw ?? '').trim();
  if (s.length < SEARCH_MIN || s.length > SEARCH_MAX)
    throw new AppError('search_length', {
      field: 's',
      info: { min: SEARCH_MIN, max: SEARCH_MAX },
      message: `The search must be ${SEARCH_MIN} to ${SEARCH_MAX} characters long`,
    });
  return s;
}

/** The listing sections a search can narrow to. */
export function searchScope(target: ListingSection): Pick<SearchFilters, 'categories' | 'model'> {
  if (target.section === 'all') return {};
  if (target.section === 'categories') return { categories: target.dirs };
  if (target.section === 'models') return { model: target.dir };
  throw new BadSegment('section');
}

/** Search and the suggester (legacy-api-conventions.md "Search"; docs/api/search.md). */
export function searchLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.get('/api/videos2.php', (c) => {
    const params = c.req.query('params') ?? '';
    if (params.endsWith('.json')) throw new BadSegment('params');
    const p = parseVideos2(params, { allowRelevance: true });
    const text = searchText(c.req.query('s'));
    const scope = searchScope(p.target);
    return cachedJson(c, cache, p.lifetime, async () => {
      const r = await c.var.services.search.search({
        text,
        sort: p.relevance ? 'relevance' : p.sort,
        page: p.page,
        count: p.count,
        filters: { gender: p.gender, duration: p.duration, hdOnly: p.hdOnly, date: p.date, ...scope },
      });
      return { videos: r.items.map(legacyThumb), total_count: r.totalCount };
    });
  });

  /** Fewer than 3 characters gives empty lists. `lang` (default the visitor's) picks category titles. */
  app.get('/api/suggester.php', async (c) => {
    const lang = c.req.query('lang') ? parseLang(c.req.query('lang')!) : c.var.lang;
    const r = await c.var.services.search.suggest(c.req.query('c') ?? '', lang, c.var.gender);
    return c.json(
      {
        keywords: r.keywords,
        categories: r.categories.map((x) => ({ dir: x.dir, title: x.title, total_videos: x.totalVideos })),
        models: r.models.map((x) => ({ dir: x.dir, title: x.title, total_videos: x.totalVideos })),
      },
      200,
      { 'Cache-Control': `public, max-age=${SUGGESTER_LIFETIME}`, Vary: 'Cookie' },
    );
  });

  return app;
}
