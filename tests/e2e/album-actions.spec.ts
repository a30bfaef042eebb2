import { expect, test } from './fixtures';
import { newMember } from './helpers/members';

test('an album page has votes, share and comments; a member votes and comments', async ({
  page,
  browser,
}) => {
  await page.goto('/albums/latest-updates/1/');
  const href = (await page.locator('a[href^="/album/"]').first().getAttribute('href'))!;
  await page.goto(href);
  const actions = page.getByTestId('album-actions');
  await expect(actions.getByRole('button', { name: /^Like/ })).toBeVisible();
  await expect(page.getByTestId('comments')).toBeVisible();
  await expect(page.getByTestId('comments-sign-in')).toBeVisible();

  // Share: the album's own link, ready to copy.
  await expect(async () => {
    await actions.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByTestId('share-modal')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('share-modal')).toContainText('Share this album');
  await expect(page.getByTestId('share-link').getByRole('textbox')).toHaveValue(new RegExp(`${href}$`));
  await page.keyboard.press('Escape');

  // A signed-out vote asks to sign in.
  await actions.getByRole('button', { name: /^Like/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  const member = await newMember(browser, `alb${Date.now().toString(36)}`);
  await member.goto(href);
  const like = member.getByTestId('album-actions').getByRole('button', { name: /^Like/ });
  const before = (await like.locator('.vote-buttons__count').textContent())!;
  await expect(async () => {
    await like.click();
    await expect(member.getByTestId('toast')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(member.getByTestId('toast').first()).toHaveText(/Thanks for your vote|already voted/);
  expect(Number.isNaN(Number(before.replace(/\D/g, '')))).toBe(false);

  const form = member.getByTestId('comments');
  await form.getByRole('textbox').fill('Lovely grain on these prints');
  await form.getByRole('button', { name: 'Post comment' }).click();
  await expect(member.getByTestId('comment').first()).toContainText('Lovely grain on these prints');
});
