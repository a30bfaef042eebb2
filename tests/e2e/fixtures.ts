import {
  type Browser,
  type BrowserContextOptions,
  test as base,
  type Page,
  type TestInfo,
} from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Every document this page opens by goto or reload is waited on until React has hydrated it
 * (components/hydration-marker.tsx sets html[data-hydrated]): a click that lands earlier has no handler.
 * Documents that are not the app (JSON, media, plain error bodies) are not waited on, nor a gated page
 * whose app waits for the visitor's first action (html[data-boot="deferred"], lib/deferred-boot.ts).
 */
export function waitingForHydration(page: Page): Page {
  const hydrated = () =>
    page.waitForFunction(
      () =>
        document.documentElement.dataset.hydrated === 'true' ||
        document.documentElement.dataset.boot === 'deferred' ||
        !('__reactRouterContext' in window),
      undefined,
      { polling: 50 },
    );
  const settle = async <R extends Awaited<ReturnType<Page['goto']>>>(response: R): Promise<R> => {
    if (response?.headers()['content-type']?.startsWith('text/html')) await hydrated();
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => settle(await goto(url, options));
  page.reload = async (options) => settle(await reload(options));
  return page;
}

/** A page in a context of its own (another visitor or member), waiting for hydration like the default one. */
export async function newPage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  return options?.javaScriptEnabled === false ? page : waitingForHydration(page);
}

/**
 * The page's uncaught errors and console errors, attached to a test that failed: a failure seen once in CI
 * (an error page in place of the app) then says what threw in the browser.
 */
function recordingErrors(page: Page, testInfo: TestInfo) {
  const seen: string[] = [];
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console.error: ${message.text()}`);
  });
  return async () => {
    if (seen.length === 0 || testInfo.status === testInfo.expectedStatus) return;
    const body = seen.join('\n');
    console.error(`Browser errors in "${testInfo.title}":\n${body}`);
    await testInfo.attach('browser-errors', { body, contentType: 'text/plain' });
  };
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use, testInfo) => {
    const report = recordingErrors(page, testInfo);
    await use(javaScriptEnabled === false ? page : waitingForHydration(page));
    await report();
  },
});
