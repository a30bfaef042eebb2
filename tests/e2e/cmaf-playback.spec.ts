import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { E2E_DATA_DIR } from './helpers/staff';

/**
 * ADR 0038: the seed's demo ladders are fMP4 (CMAF), and a long demo video loops its clip's segments with
 * #EXT-X-DISCONTINUITY, each round restarting the fragments' decode times under the same init segment.
 * Playback has to go on across that join, with hls.js and with the browser's own HLS.
 */

/** A listed demo video that plays its clip at least five times over, and the clip's length. */
function loopVideo(): { id: number; clipSeconds: number } {
  const db = new Database(join(E2E_DATA_DIR, 'site.db'), { readonly: true });
  try {
    const row = db
      .prepare(
        "SELECT id, media_path FROM videos WHERE media_path LIKE 'demo/clip-%-x5' AND status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1",
      )
      .get() as { id: number; media_path: string };
    const clip = db
      .prepare('SELECT MIN(duration_sec) AS s FROM videos WHERE media_path = ?')
      .get(row.media_path.replace(/-x5$/, '')) as { s: number };
    return { id: row.id, clipSeconds: clip.s };
  } finally {
    db.close();
  }
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
    const { id, clipSeconds } = loopVideo();
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
