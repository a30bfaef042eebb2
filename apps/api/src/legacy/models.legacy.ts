import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { ModelDetail, ModelThumb } from '../services/models/model.dto';
import { parseModelPrefixed, parseModels } from './catalog-paths';
import { cachedJson, legacyError } from './legacy-response';
import { BadSegment, parseLifetime } from './paths';
import type { ResponseCache } from './response-cache';

/** The legacy model listing item (spec §3 Model fields). */
export function legacyModelThumb(m: ModelThumb) {
  return {
    dir: m.dir,
    title: m.title,
    scr: m.scr,
    country: m.country,
    statistics: { videos: m.videos, viewed: m.viewed, subscribers: m.subscribers },
  };
}

export function legacyModel(m: ModelDetail) {
  return {
    dir: m.dir,
    title: m.title,
    scr: m.scr,
    thumbs: m.thumbs,
    country: m.country,
    description: m.description,
    alphabet: m.alphabet,
    race: m.race,
    age: m.age,
    tits_size: m.titsSize,
    hair_color: m.hairColor,
    height: m.height,
    weight: m.weight,
    tattoo: m.tattoo,
    piercing: m.piercing,
    active_from: m.activeFrom,
    active_to: m.activeTo,
    total_albums: m.albums,
    statistics: { videos: m.videos, viewed: m.viewed, subscribers: m.subscribers },
  };
}

/** Legacy read paths for models (docs/api/models.md). */
export function modelsLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.get('/api/json/models/*', (c) => {
    const rest = c.req.path.slice('/api/json/models/'.length);
    if (!rest.endsWith('.json')) throw new BadSegment('path');
    const p = parseModels(rest.slice(0, -5));
    return cachedJson(c, cache, p.lifetime, async () => {
      const r = await c.var.services.models.list(p);
      return { models: r.items.map(legacyModelThumb), total_count: r.totalCount };
    });
  });

  app.get('/api/json/model/:lifetime/:prefix/:file', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const file = c.req.param('file');
    if (!file.endsWith('.json')) throw new BadSegment('path');
    const dir = parseModelPrefixed(c.req.param('prefix'), file.slice(0, -5));
    return cachedJson(c, cache, lifetime, async () => ({
      model: legacyModel(await c.var.services.models.get(dir)),
    }));
  });

  return app;
}
