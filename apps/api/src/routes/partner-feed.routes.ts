import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { sendFile } from '../http/send-file';
import { demoPartnerFeed, demoPartnerThumb } from '../services/network/demo-partner-feed';
import type { NetworkConfig } from '../services/network/network-config';

const FEED = /^videos\.([a-z0-9_-]{1,40})\.json$/;
const DEMO_THUMB = /^demo-(\d{1,3})\.svg$/;
/** Partner feeds change a few times a day at most. */
const FEED_CACHE = 'public, max-age=600';

/**
 * `GET /static/tf/videos.{key}.json`: the partner slider's videos. The file `{feedsDir}/videos.{key}.json`
 * (put there by the operator or a feed job) is served as it is; without it, the configured slider key of
 * a demo network answers synthetic items.
 */
export function partnerFeedRoutes({ feedsDir, network }: { feedsDir: string; network: NetworkConfig }) {
  const app = new Hono<AppEnv>();
  const slider = network.partnerSlider;
  const demoBody = slider?.demo ? JSON.stringify(demoPartnerFeed(network)) : null;

  app.get('/static/tf/:file', (c) => {
    const key = FEED.exec(c.req.param('file'))?.[1];
    if (!key) return c.json({ error: 'Not found', code: 'not_found' }, 404);
    const file = sendFile(c.req.raw, join(feedsDir, `videos.${key}.json`), {
      contentType: 'application/json; charset=utf-8',
      cacheControl: FEED_CACHE,
    });
    if (file) return file;
    if (demoBody && key === slider?.key)
      return c.body(demoBody, 200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': FEED_CACHE,
      });
    return c.json({ error: 'Not found', code: 'not_found' }, 404);
  });

  app.get('/static/tf/thumbs/:file', (c) => {
    const n = Number(DEMO_THUMB.exec(c.req.param('file'))?.[1]);
    if (!demoBody || !Number.isInteger(n) || n < 1) return c.notFound();
    return c.body(demoPartnerThumb(n), 200, {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=86400',
    });
  });

  return app;
}
