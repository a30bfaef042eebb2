import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, newPage } from '../fixtures';

export const PASSWORD = 'reels-forever';

/** The confirmation link of the newest mail to this address in the dev outbox. */
export async function confirmLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = (await (await request.get('/dev/mail.json')).json()) as { to: string; text: string }[];
  const url = new URL(/https?:\/\/\S+/.exec(mail.find((m) => m.to === email)!.text)![0]);
  return url.pathname + url.search;
}

export async function registerAndConfirm(page: Page, name: string) {
  await page.goto('/register/');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Email').fill(`${name}@example.test`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('I am at least 18 years old').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('register-done')).toContainText(`${name}@example.test`);
  await page.goto(await confirmLink(page.request, `${name}@example.test`));
  await expect(page.getByTestId('confirm-done')).toBeVisible();
}

export async function signIn(page: Page, name: string) {
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('account-menu')).toContainText(name);
}

export async function newMember(browser: Browser, name: string) {
  const page = await newPage(browser);
  await registerAndConfirm(page, name);
  await signIn(page, name);
  return page;
}

/** Opens the account menu; a click that lands before the page hydrated does nothing, so it clicks again. */
export async function openAccountMenu(page: Page) {
  const button = page.getByTestId('account-menu');
  await expect(async () => {
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass();
}
