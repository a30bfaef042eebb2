import { spawnSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { siteEnv } from './site-db';

export { E2E_DATA_DIR } from './site-db';

export const STAFF_PASSWORD = 'clear-the-queue';

/** A staff account made the way operators make them: `npm run admin -- create …` on the server's database. */
export function createStaff(name: string, role: 'admin' | 'moderator') {
  const made = spawnSync(
    'npx',
    [
      'tsx',
      'apps/api/src/cli/admin-cli.ts',
      'create',
      '--name',
      name,
      '--email',
      `${name}@example.test`,
      '--password',
      STAFF_PASSWORD,
      '--role',
      role,
    ],
    {
      env: siteEnv(),
      encoding: 'utf8',
    },
  );
  expect(made.stderr + made.stdout).toContain(`created ${role} ${name}`);
}

export async function signInAs(page: Page, name: string, password: string) {
  await page.goto('/login/');
  const form = page.getByTestId('login-form');
  await form.getByLabel('Username').fill(name);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('account-menu')).toContainText(name);
}
