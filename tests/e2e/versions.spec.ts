import { expect, newPage, test } from './fixtures';
import { seriousViolations } from './helpers/axe';
import { shots } from './helpers/shots';
import { createStaff, STAFF_PASSWORD, signInAs } from './helpers/staff';

const LISTING = '/api/json/videos2/0/straight/latest-updates/60/all..1.all.0.all.json';

test('a moderator groups demo videos as versions; visitors land on the canonical and see the other versions', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now() % 1_000_000;
  const name = `keeper_${stamp}`;
  createStaff(name, 'moderator');

  // Three demo videos from the middle of the latest list (the first ones feed other specs' expectations).
  const listed = (await (await request.get(LISTING)).json()).videos as {
    video_id: number;
    dir: string;
    title: string;
  }[];
  const [a, b, c] = listed.slice(20, 23);
  const url = (v: { video_id: number; dir: string }) => `/videos/${v.video_id}/${v.dir}/`;

  const moderator = await newPage(browser);
  await signInAs(moderator, name, STAFF_PASSWORD);
  await moderator.goto(url(a));
  // The staff tools load after hydration, for staff only.
  await moderator.getByTestId('versions-action').click();
  const dialog = moderator.getByTestId('versions-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('versions-none')).toBeVisible();

  // B by its page URL, redirected: the first press asks for confirmation naming both videos.
  await dialog.getByTestId('versions-ref').fill(new URL(url(b), moderator.url()).href);
  await dialog.getByTestId('versions-mode-redirect').check();
  await dialog.getByTestId('versions-submit').click();
  await expect(dialog.getByTestId('versions-confirm-text')).toContainText(
    `Video ${b.video_id} becomes a version of video ${a.video_id}`,
  );
  await dialog.getByTestId('versions-submit').click();
  await expect(dialog.locator(`[data-video="${b.video_id}"]`)).toHaveAttribute('data-role', 'redirect');

  // C by its id, listed.
  await dialog.getByTestId('versions-ref').fill(String(c.video_id));
  await dialog.getByTestId('versions-mode-listed').check();
  await dialog.getByTestId('versions-submit').click();
  await dialog.getByTestId('versions-submit').click();
  await expect(dialog.locator(`[data-video="${c.video_id}"]`)).toHaveAttribute('data-role', 'listed');
  // Nonsense is refused with a translated reason.
  await dialog.getByTestId('versions-ref').fill(String(a.video_id));
  await dialog.getByTestId('versions-submit').click();
  await dialog.getByTestId('versions-submit').click();
  await expect(dialog.getByTestId('versions-error')).toHaveText('A video cannot be a version of itself.');
  await shots(moderator, 'versions-dialog', { fullPage: false });
  expect(await seriousViolations(moderator, { within: '[data-testid=versions-dialog]' })).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // A visitor opening the redirected version lands on the canonical page, which lists the other version.
  const visitor = await newPage(browser);
  await visitor.goto(url(b));
  await expect(visitor).toHaveURL(new RegExp(`${url(a)}$`));
  const other = visitor.getByTestId('other-versions');
  await expect(other).toBeVisible();
  await expect(other.getByRole('link', { name: c.title })).toHaveAttribute('href', url(c));
  await expect(visitor.getByTestId('versions-action')).toHaveCount(0);
  await shots(visitor, 'versions-canonical');
  expect(await seriousViolations(visitor)).toEqual([]);
  await other.getByRole('link', { name: c.title }).click();
  await expect(visitor).toHaveURL(new RegExp(`${url(c)}$`));
  await expect(visitor.getByTestId('version-of')).toContainText(a.title);
  await shots(visitor, 'versions-alternate');

  // The listing shows the group once.
  const ids = ((await (await request.get(LISTING)).json()).videos as { video_id: number }[]).map(
    (v) => v.video_id,
  );
  expect(ids).toContain(a.video_id);
  expect(ids).not.toContain(b.video_id);
  expect(ids).not.toContain(c.video_id);

  // Ungrouping gives every page back.
  await moderator.reload();
  await moderator.getByTestId('versions-action').click();
  await moderator.getByTestId('versions-dialog').getByRole('button', { name: 'Ungroup all' }).click();
  await expect(moderator.getByTestId('versions-dialog').getByTestId('versions-none')).toBeVisible();
  await visitor.goto(url(b));
  await expect(visitor).toHaveURL(new RegExp(`${url(b)}$`));
  await expect(visitor.getByTestId('other-versions')).toHaveCount(0);
});
