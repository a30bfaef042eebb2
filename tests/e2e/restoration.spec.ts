import { spawnSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { shots } from './helpers/shots';
import { siteEnv } from './helpers/site-db';
import { createStaff, STAFF_PASSWORD, signInAs } from './helpers/staff';

/** A pending video restored by the pipeline, made on the server's data dir (helpers/restoration-fixture.ts). */
function pendingRestoredVideo(title: string, uploader: string) {
  const made = spawnSync('npx', ['tsx', 'tests/e2e/helpers/restoration-fixture.ts', title, uploader], {
    env: siteEnv(),
    encoding: 'utf8',
  });
  expect(made.stderr + made.stdout).toMatch(/pending \d+/);
}

test('a queue item shows the restoration in words with before/after stills, and a moderator re-runs it without the crop', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now() % 1_000_000;
  const title = `Telecined reel ${stamp}`;
  const name = `restorer_${stamp}`;
  createStaff(name, 'moderator');
  pendingRestoredVideo(title, name);

  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInAs(page, name, STAFF_PASSWORD);
  await page.goto('/moderation/');
  const item = page.getByTestId('queue-item').filter({ hasText: title });
  const panel = item.getByTestId('restoration');
  await expect(panel).toBeVisible();
  await expect(panel.locator('[data-decision=fields]')).toContainText(
    /Inverse telecine: 3:2 pulldown in \d+% of frames, 29\.97 → 23\.976 fps/,
  );
  await expect(panel.locator('[data-decision=crop]')).toHaveText('Cropped 720×480 → 720×360 (letterbox)');
  await expect(panel.locator('[data-decision=aspect]')).toHaveText(
    'Pixel aspect 8:9 → square: 720×360 shown as 640×360',
  );
  await expect(panel.locator('[data-decision=loudness]')).toContainText(/Loudness -\d+(\.\d)? → -16 LUFS/);

  // Both stills load, side by side: the source at its 4:3 display shape, the restored picture at 16:9.
  const stills = panel.getByTestId('restoration-stills').locator('img');
  await expect(stills).toHaveCount(2);
  await stills.last().scrollIntoViewIfNeeded();
  // Lazy images: wait until both have loaded before reading their shapes.
  await expect
    .poll(() =>
      stills.evaluateAll((imgs) =>
        (imgs as HTMLImageElement[]).every((i) => i.complete && i.naturalWidth > 0),
      ),
    )
    .toBe(true);
  const shapes = await stills.evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((i) => (i.complete ? i.naturalWidth / i.naturalHeight : 0)),
  );
  expect(shapes[0]).toBeCloseTo(4 / 3, 1);
  expect(shapes[1]).toBeCloseTo(16 / 9, 1);
  const [before, after] = await stills.evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect().top));
  expect(Math.abs(before - after)).toBeLessThan(2);
  await shots(page, 'restoration-queue-item');
  await panel.screenshot({ path: 'test-results/restoration-1366.png' });
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    // Nothing wider than the screen: the lines wrap and the stills shrink side by side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await panel.screenshot({ path: `test-results/restoration-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });

  // The override: keep the bars. The item shows the re-run's progress, then the new decision.
  await panel.getByText('Change the decisions').click();
  await panel.getByLabel('Black bars').selectOption('off');
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByTestId('restoration-form').scrollIntoViewIfNeeded();
  await panel.screenshot({ path: 'test-results/restoration-form-390.png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });
  await panel.getByRole('button', { name: 'Save and process again' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'being processed again' })).toBeVisible();
  await expect(panel.getByTestId('restoration-progress')).toBeVisible();
  await expect(panel.locator('[data-decision=crop]')).toHaveText(
    'Black bars kept: cropping turned off (chosen by a moderator)',
    { timeout: 120_000 },
  );
  await expect(panel.getByTestId('restoration-progress')).toHaveCount(0);
  await expect(panel.locator('[data-decision=aspect]')).toHaveText(
    'Pixel aspect 8:9 → square: 720×480 shown as 640×480',
  );
  await item.screenshot({ path: 'test-results/restoration-after-rerun-1366.png' });
});
