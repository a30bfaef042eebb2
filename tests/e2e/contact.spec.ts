import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { withSiteDb } from './helpers/site-db';

/** The newest stored report, read from the server's database as the moderation queue reads it. */
const lastReport = () =>
  withSiteDb((db) =>
    db.selectFrom('reports').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow(),
  );

/** Every request the page makes that leaves the site (the captcha must not: no third-party service). */
function foreignRequests(page: Page, origin: string): string[] {
  const out: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) out.push(url);
  });
  return out;
}

/** The captcha token of the page's report.php POST, read from its multipart body. */
function capturedToken(page: Page): () => string | null {
  let token: string | null = null;
  page.on('request', (r) => {
    if (!r.url().endsWith('/api/report.php')) return;
    token = /name="captcha"\r\n\r\n([^\r\n]+)/.exec(r.postData() ?? '')?.[1] ?? null;
  });
  return () => token;
}

test('the footer opens the contact modal; it loads ALTCHA only then, solves it in the browser and sends', async ({
  page,
  baseURL,
}) => {
  const foreign = foreignRequests(page, baseURL!);
  const challenges: string[] = [];
  const widgetCode: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/captcha.php')) challenges.push(r.url());
    if (/\/assets\/altcha-[\w-]+\.js$/.test(r.url())) widgetCode.push(r.url());
  });
  const token = capturedToken(page);
  await page.goto('/information/');
  await page.waitForLoadState('networkidle');
  // Nothing of the captcha before the form is opened: neither its code nor a challenge.
  expect(challenges).toHaveLength(0);
  expect(widgetCode).toHaveLength(0);

  await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
  const modal = page.getByTestId('contact-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await expect(page).toHaveURL(/\/information\/$/);
  await expect(modal.getByLabel('Subject').locator('option')).toHaveText([
    'Copyright',
    'Technical problem',
    'Inappropriate content',
    'Non-consensual intimate imagery',
    'Advertising request',
  ]);

  await modal.getByLabel('Subject').selectOption('technical');
  await modal.getByLabel('Your email').fill('viewer@example.test');
  await modal.getByLabel('Message').fill('The sound drops out halfway through.');
  await expect(modal.getByText('36 / 1500')).toBeVisible();
  // The widget started solving when the form got focus: it finishes in the browser's own workers.
  const widget = modal.getByTestId('captcha-widget');
  await expect(widget).toBeVisible();
  await expect(widget.getByText('Verified')).toBeVisible({ timeout: 30_000 });
  expect(challenges.length).toBeGreaterThan(0);
  expect(widgetCode).toHaveLength(1);

  await page.screenshot({ path: 'test-results/contact-modal.png' });
  const send = modal.getByRole('button', { name: 'Send message' });
  // Two clicks in a row send once: the submitting flag holds the second.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/report.php')) posts.push(r.method());
  });
  await send.dblclick();
  await expect(modal.getByTestId('contact-sent')).toContainText('Your message has been sent');
  expect(posts).toEqual(['POST']);
  expect(await lastReport()).toMatchObject({
    subject: 'technical',
    email: 'viewer@example.test',
    message: 'The sound drops out halfway through.',
    referrer: `${baseURL}/information/`,
    target_id: null,
    priority: 0,
    status: 'open',
  });
  await modal.getByTestId('contact-sent').getByRole('button', { name: 'Close' }).click();
  await expect(modal).toHaveCount(0);
  expect(foreign).toEqual([]);

  // The token the browser sent is spent: sending it again is refused.
  const replay = await page.request.post('/api/report.php', {
    headers: { origin: baseURL! },
    multipart: {
      subject: 'technical',
      email: 'viewer@example.test',
      message: 'Once more',
      captcha: token()!,
    },
  });
  expect(replay.status()).toBe(400);
  expect(await replay.json()).toMatchObject({ code: 'captcha_used', field: 'captcha' });
});

test('a visitor already typing when the widget arrives has the check solved without leaving the field', async ({
  page,
}) => {
  // The widget's code is held until the visitor has typed: its own start on focus has nothing to wait for.
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked = new Promise<void>((resolve) =>
    page.route(/\/assets\/altcha-[\w-]+\.js$/, async (route) => {
      resolve();
      await held;
      await route.continue();
    }),
  );
  await page.goto('/information/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
  const modal = page.getByTestId('contact-modal');
  await modal.getByLabel('Your email').fill('viewer@example.test');
  await modal.getByLabel('Message').fill('Typed before the check had loaded.');
  await asked;
  release();
  await expect(modal.getByTestId('captcha-widget').getByText('Verified')).toBeVisible({ timeout: 30_000 });
  await expect(modal.getByLabel('Message')).toBeFocused();
});

test('keystrokes while the widget arrives never break the form', async ({ page }) => {
  // A keystroke's render came with the widget's first one and ran its effect before the widget was built:
  // "getState is not a function", and the error page. A race: each round gives it a chance (about one in
  // three before the fix).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (let round = 0; round < 4; round++) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.unrouteAll();
    await page.route(/\/assets\/altcha-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/information/help/#contact');
    const form = page.locator('#contact').getByTestId('contact-form');
    await form.getByLabel('Message').click();
    const typing = page.evaluate(async () => {
      const message = document.querySelector<HTMLTextAreaElement>('#contact textarea')!;
      const until = performance.now() + 5000;
      while (performance.now() < until && !document.querySelector('altcha-widget')) {
        message.focus();
        document.execCommand('insertText', false, 'a');
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    });
    release();
    await typing;
    await expect(form.getByTestId('captcha-widget')).toBeAttached();
    await expect(form.getByTestId('captcha-widget').getByText('Verified')).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  }
});

test('a forged captcha token is refused', async ({ request, baseURL }) => {
  const challenge = await (await request.get('/api/captcha.php')).json();
  const forged = Buffer.from(
    JSON.stringify({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } }),
  ).toString('base64');
  for (const captcha of [forged, 'bm90IGEgdG9rZW4=']) {
    const res = await request.post('/api/report.php', {
      headers: { origin: baseURL! },
      multipart: { subject: 'copyright', email: 'forger@example.test', message: 'Let me in', captcha },
    });
    expect(res.status()).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'captcha_invalid',
      field: 'captcha',
      errors: { captcha: { code: 'captcha_invalid' } },
    });
  }
});

test('the help page form shows the spec messages under their fields', async ({ page }) => {
  await page.goto('/information/help/#contact');
  const contact = page.locator('#contact');
  const form = contact.getByTestId('contact-form');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('This field is required')).toHaveCount(2);

  await form.getByLabel('Your email').fill('viewer@');
  await form.getByLabel('Message').fill('x'.repeat(1501));
  await expect(form.getByText('1501 / 1500')).toBeVisible();
  await form.getByLabel('Image (optional)').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Email entered incorrectly')).toBeVisible();
  await expect(form.getByText('Maximum length 1500 characters')).toBeVisible();
  await expect(form.getByText('This file type is not allowed')).toBeVisible();

  await form.getByLabel('Image (optional)').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('The file is too large: at most 5 MB')).toBeVisible();
});

test('a visitor reports a video they appear in: a removal request at the top of the queue', async ({
  page,
}) => {
  await page.goto('/videos/1/');
  const title = (await page.locator('h1').textContent())!.trim();
  const videoUrl = page.url();
  await page.getByTestId('report-video').click();
  const modal = page.getByTestId('contact-modal');
  await expect(modal.getByRole('heading', { name: 'Report this video' })).toBeVisible();
  await expect(modal.getByTestId('contact-target')).toHaveText(`About the video: ${title}`);
  await expect(modal.getByLabel('Subject')).toHaveValue('inappropriate');
  await modal.getByLabel('I appear in this video and request its removal').check();
  // A valid request under the TAKE IT DOWN Act (ADR 0037): the good-faith statement and a signature.
  await modal.getByLabel(/I state in good faith/).check();
  await modal.getByLabel('Your full name (electronic signature)').fill('Jane Example');
  await modal.getByLabel('Your email').fill('depicted@example.test');
  await modal.getByLabel('Message').fill('This was filmed without my consent. Please remove it.');
  await modal.getByLabel('Image (optional)').setInputFiles({
    name: 'id.png',
    mimeType: 'image/png',
    // A 1×1 PNG.
    buffer: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  });
  await page.screenshot({ path: 'test-results/report-modal.png' });
  await modal.getByRole('button', { name: 'Send message' }).click();
  await expect(modal.getByTestId('contact-sent')).toBeVisible({ timeout: 30_000 });
  const row = await lastReport();
  expect(row).toMatchObject({
    subject: 'removal',
    email: 'depicted@example.test',
    target_section: 'video',
    target_id: 1,
    priority: 1,
    referrer: videoUrl,
    reporter_id: null,
  });
  expect(row.file_path).toMatch(/^reports\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
});
