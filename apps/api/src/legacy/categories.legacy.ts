import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { cachedJson, legacyError } from './legacy-response';
import { BadSegment, oneOf, parseGender, parseLang, parseLifetime, splitDots } from './paths';
import type { ResponseCache } from './response-cache';

const SECTIONS = ['videos', 'albums'] as const;

/** `GET /api/json/categories/{lifetime}/{gender}.{section}.{lang}.json` (spec §7, conventions file). */
export function categoriesLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();

  app.onError((err, c) => legacyError(c, err));

  app.get('/api/json/categories/:lifetime/:tail', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const tail = c.req.param('tail');
    if (!tail.endsWith('.json')) throw new BadSegment('path');
    const [gender, section, lang] = splitDots(tail.slice(0, -5), 3);
    const g = parseGender(gender);
    const s = oneOf(section, SECTIONS, 'section');
    const l = parseLang(lang);
    return cachedJson(c, cache, lifetime, async () => ({
      categories: (await c.var.services.catalog.categoriesFor(s, g, l)).map((x) => ({
        dir: x.dir,
        title: x.title,
        total_videos: x.totalVideos,
      })),
    }));
  });

  return app;
}
