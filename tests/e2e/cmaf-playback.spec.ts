import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { withSiteDb } from './helpers/site-db';

/**
 * ADR 0038: the seed's demo ladders are fMP4 (CMAF), and a long demo video loops its clip's segments with
 * #EXT-X-DISCONTINUITY, each round restarting the fragments' decode times under the same init segment.
 * Playback has to go on across that join, with hls.js and with the browser's own HLS.
 */

/** A listed demo video that plays its clip at least five times over, and the clip's length. */
function loopVideo(): Promise<{ id: number; clipSeconds: number }> {
  return withSiteDb(async (db) => {
    const row = await db
      .selectFrom('videos')
      .select(['id', 'media_path'])
      .where('media_path', 'like', 'demo/clip-%-x5')
      .where('status_id', '=', 1)
      .where('is_private', '=', 0)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const clip = await db
      .selectFrom('videos')
      .select((eb) => eb.fn.min('duration_sec').as('s'))
      .where('media_path', '=', row.media_path!.replace(/-x5$/, ''))
      .executeTakeFirstOrThrow();
    return { id: row.id, clipSeconds: Number(clip.s) };
  });
}

const video = (page: Page) => page.locator('[data-testid="player-video"]');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

for (const path of ['hls.js', 'native HLS'] as const) {
  test(`an fMP4 demo loop plays on across its discontinuity (${path})`, async ({ page }) => {
    if (path === 'hls.js') {
      await page.addInitScript(() => {
        const canPlayType = HTMLMediaElement.prototype.canPlayType;
        HTMLMediaElement.prototype.canPlayType = function (type: string) {
          return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
        };
      });
    }
    const media: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (/\.(m4s|ts|mp4)$/.test(p) && p.startsWith('/media/')) media.push(p);
    });
    const { id, clipSeconds } = await loopVideo();
    await page.goto(`/videos/${id}/`);
    await page.getByTestId('play-button').click();
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    // Two seconds before the first round ends; playback must carry on into the second round.
    await video(page).evaluate((v: HTMLVideoElement, at: number) => {
      v.currentTime = at;
    }, clipSeconds - 2);
    await expect.poll(() => currentTime(page), { timeout: 30_000 }).toBeGreaterThan(clipSeconds + 2);
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
    // What played was the CMAF ladder: an init segment, then .m4s fragments, never MPEG-TS.
    if (path === 'hls.js') {
      expect(media.some((p) => /\/init-\d+p\.mp4$/.test(p))).toBe(true);
      expect(media.some((p) => p.endsWith('.m4s'))).toBe(true);
      expect(media.some((p) => p.endsWith('.ts'))).toBe(false);
    }
  });
}
