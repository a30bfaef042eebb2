import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const titles = (page: Page) =>
  page.getByTestId('thumb').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

test('top country lists the chosen country and the selector changes it', async ({ page, request }) => {
  const r = await request.get('/top-country/', { maxRedirects: 0 });
  expect(r.status()).toBe(301);
  expect(r.headers().location).toBe('/top-country/1/');

  await page.goto('/top-country/1/');
  await expect(page.locator('h1')).toHaveText(/^Top videos in /);
  await expect(page.getByTestId('thumb').first()).toBeVisible();
  const headline = await page.locator('h1').textContent();
  const before = await titles(page);

  const select = page.getByTestId('top-country-select').locator('select');
  const current = await select.inputValue();
  const other = await select
    .locator('option')
    .evaluateAll((os, cur) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v !== cur), current);
  await select.selectOption(other!);
  await expect(page.locator('h1')).not.toHaveText(headline!);
  await expect.poll(async () => (await titles(page)).join('|')).not.toBe(before.join('|'));
  // The choice is remembered.
  await page.reload();
  await expect(select).toHaveValue(other!);
});
