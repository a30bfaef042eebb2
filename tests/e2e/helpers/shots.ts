import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/**
 * With SHOTS=1 a test also saves a screen at 320, 390 and 1366 px (scripts/tmp-probe/shots, git-excluded) for
 * a person to look at; otherwise it does nothing. Dialogs are taken as the viewport shows them.
 */
export async function shots(page: Page, name: string, { fullPage = true } = {}) {
  if (!process.env.SHOTS) return;
  const dir = join(process.cwd(), 'scripts', 'tmp-probe', 'shots');
  mkdirSync(dir, { recursive: true });
  const size = page.viewportSize();
  for (const width of [320, 390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage });
  }
  if (size) await page.setViewportSize(size);
}
