import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, waitingForHydration } from './fixtures';
import { newMember } from './helpers/members';

/**
 * Issue 19, the player: a quality menu that changes the level, the next video that really plays after
 * the countdown (muted with an unmute prompt when sound is refused), playlists that go on to their next
 * item, resume for visitors and members, captions, and the rest of the controls by keyboard.
 */

const VIDEO = '/videos/1/';

/** This browser takes the hls.js path (as Firefox does), where the ladder's levels can be chosen. */
async function withoutNativeHls(page: Page) {
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
}

/** The player's video element of the page now shown (the one of a page left behind is marked old). */
const video = (page: Page) => page.locator('[data-testid="player-video"]:not([data-old])');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function play(page: Page, beyond = 0.5) {
  await page.getByTestId('play-button').click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(beyond);
}

/** Jumps to the last half second so the video ends for real, and marks it as the page's old player. */
async function endVideo(page: Page) {
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 0.5);
  });
  await expect(page.getByTestId('end-screen')).toBeVisible({ timeout: 20_000 });
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.dataset.old = '1';
  });
}

test('the quality menu lists Auto (with the level playing) and each level, and a choice changes the level', async ({
  page,
}) => {
  await withoutNativeHls(page);
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  // Nothing of the extra controls before the visitor points at play.
  await expect(page.getByTestId('player-settings')).toHaveCount(0);
  await play(page);

  const settings = page.getByTestId('player-settings');
  await settings.click();
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  const auto = page.getByTestId('quality-auto');
  await expect(auto).toBeChecked();
  await expect(page.getByTestId('player-panel')).toContainText(/Auto \(\d+p\)/);
  const heights = await page
    .getByTestId('quality-option')
    .evaluateAll((inputs) => inputs.map((i) => Number((i as HTMLInputElement).value)));
  expect(heights.length).toBeGreaterThan(1);
  expect(heights).toEqual([...heights].sort((a, b) => b - a));

  // The lowest level, by keyboard: the radios are a native group.
  const lowest = Math.min(...heights);
  await page.getByTestId('quality-option').last().check();
  await expect(page.getByTestId('quality-option').last()).toBeChecked();
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
    .toBe(lowest);
  await expect(settings).toHaveAttribute('aria-label', new RegExp(`quality ${lowest}p`));

  // Then the highest: the picture follows.
  const highest = Math.max(...heights);
  await page.getByTestId('quality-option').first().check();
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
    .toBe(highest);

  // axe over the whole player with every control shown and the settings panel open.
  const results = await new AxeBuilder({ page })
    .include('.player')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  expect(
    results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // Speed, and Escape closes the panel and gives focus back to its button.
  await page.getByTestId('speed-option').last().focus();
  await page.keyboard.press('Space');
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('player-panel')).toBeHidden();
  await expect(settings).toBeFocused();
});

test('every control is reachable by keyboard and named; the volume slider and captions work', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await withoutNativeHls(page);
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  await page.getByTestId('play-button').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);

  const names: string[] = [];
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.closest('.player__controls')) return null;
      return el.getAttribute('aria-label') ?? el.textContent;
    });
    if (name === null) break;
    names.push(name);
  }
  expect(names).toEqual(
    expect.arrayContaining([
      'Mute',
      'Volume',
      'Captions',
      expect.stringMatching(/^Settings: quality/),
      'Picture in picture',
      'Theatre mode',
      'Full screen',
    ]),
  );

  const volume = page.getByTestId('player-volume');
  // Each key is pressed again until it takes: the bar re-renders as the stream's levels arrive, which may
  // replace the focused slider, and the slider shows the video's volume only once the video has reported
  // the change (an End pressed while it still showed full volume would change nothing).
  await expect(async () => {
    await volume.focus();
    await page.keyboard.press('Home');
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.muted || v.volume === 0)).toBe(true);
    await expect(volume).toHaveValue('0', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(async () => {
    await volume.focus();
    await page.keyboard.press('End');
    expect(await video(page).evaluate((v: HTMLVideoElement) => !v.muted && v.volume === 1)).toBe(true);
    await expect(volume).toHaveValue('1', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // The seeded caption track: off, then shown.
  const captions = page.getByTestId('player-captions');
  await expect(captions).toHaveAttribute('aria-pressed', 'false');
  await captions.click();
  await expect(captions).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() =>
      video(page).evaluate((v: HTMLVideoElement) => {
        const track = v.textTracks[0];
        return track ? `${track.mode}:${track.cues?.length ?? 0}` : 'none';
      }),
    )
    .toMatch(/^showing:[1-9]/);

  // Theatre mode widens the player on a desktop screen.
  const before = (await page.locator('.player').boundingBox())!.width;
  await page.getByTestId('player-theatre').click();
  await expect(page.locator('.video-page')).toHaveClass(/video-page--theatre/);
  await expect.poll(async () => (await page.locator('.player').boundingBox())!.width).toBeGreaterThan(before);
});

test('after the 20 s countdown the next video plays by itself', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  const first = new URL(page.url()).pathname;
  const next = await page.locator('.related [data-testid="thumb"] a').first().getAttribute('href');
  await play(page);
  await endVideo(page);
  await expect(page.getByTestId('autoplay-countdown')).toContainText(/Next video in \d+ s/);
  // The real countdown: the page must open the next video and play it, not sit at 0:00.
  await expect(page).toHaveURL(new RegExp(`${next}$`), { timeout: 30_000 });
  expect(new URL(page.url()).pathname).not.toBe(first);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});

test('when the browser refuses sound, the next video starts muted with an unmute prompt', async ({
  page,
}) => {
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  await play(page);
  // From now on this tab plays only muted, as an autoplay policy without user activation would.
  await page.evaluate(() => {
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      if (!this.muted) return Promise.reject(new DOMException('refused', 'NotAllowedError'));
      return play.call(this);
    };
  });
  await endVideo(page);
  await page.getByTestId('autoplay-countdown').getByRole('button', { name: 'Play now' }).click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  const unmute = page.getByTestId('player-unmute');
  await expect(unmute).toBeVisible();
  await unmute.click();
  await expect(unmute).toHaveCount(0);
  expect(await video(page).evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
});

test('a playlist plays on: Play all, the end of an item opens the next one with the playlist kept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/playlists/most-popular/1/');
  const playlists = await page
    .locator('a[href^="/playlist/"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  let href: string | null = null;
  for (const candidate of playlists) {
    const html = await (await page.request.get(candidate)).text();
    if ((html.match(/playlist=\d+&amp;pl_page=1/g) ?? []).length >= 3) {
      href = candidate;
      break;
    }
  }
  expect(href, 'a playlist with a few videos').not.toBeNull();
  await page.goto(href!);
  const items = await page
    .locator('.listing [data-testid="thumb"] a')
    .evaluateAll((links) => [
      ...new Set(links.map((a) => a.getAttribute('href')!).filter((h) => h.includes('playlist='))),
    ]);

  await page.getByTestId('play-all').click();
  await expect(page).toHaveURL(new RegExp(`${items[0].replace(/[?]/g, '\\?')}$`));
  // Play all starts the first video by itself.
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
  const strip = page.getByTestId('playlist-strip');
  await expect(strip.locator('[aria-current="true"] a')).toHaveAttribute('href', items[0]);

  await endVideo(page);
  await expect(page.getByTestId('end-screen-item').first()).toHaveAttribute('href', items[1]);
  await expect(page).toHaveURL(new RegExp(`${items[1].replace(/[?]/g, '\\?')}$`), { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('pl_page')).toBe('1');
  await expect(strip.locator('[aria-current="true"] a')).toHaveAttribute('href', items[1]);
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
});

test('a visitor resumes where they stopped, from this browser', async ({ page }) => {
  await withoutNativeHls(page);
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  await play(page);
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 14;
  });
  await expect.poll(() => currentTime(page)).toBeGreaterThan(14);
  await page.getByTestId('play-button').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('player_positions'))).toMatch(/"1":1[45]/);

  await page.reload({ waitUntil: 'networkidle' });
  await page.getByTestId('play-button').hover();
  await expect(page.getByTestId('player-time')).toContainText(/00:1[45] \//);
  await page.getByTestId('play-button').click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(14.5);
});

test('a member resumes on another device: the position is kept by the server', async ({ browser }) => {
  const member = await newMember(browser, `resume${Date.now() % 100_000}`);
  await member.goto(VIDEO, { waitUntil: 'networkidle' });
  await play(member);
  await video(member).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 12;
  });
  await expect.poll(() => currentTime(member)).toBeGreaterThan(12);
  const saved = member.waitForResponse((r) => r.url().includes('me.savePosition') && r.ok());
  await member.getByTestId('play-button').click();
  await saved;

  // A fresh browser context (another device) of the same member: no localStorage, same position.
  const other = await member
    .context()
    .browser()!
    .newContext({ storageState: await member.context().storageState() });
  const page = waitingForHydration(await other.newPage());
  await page.goto(VIDEO, { waitUntil: 'networkidle' });
  // The cached page carries nothing of the member; the position comes after load.
  await page.getByTestId('play-button').click();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(12);
  await other.close();
});
