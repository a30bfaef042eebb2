import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The e2e server's data dir (scripts/e2e-server.mjs). */
export const E2E_DATA_DIR = join(process.cwd(), 'data', `e2e-${process.env.E2E_PORT ?? 3100}`);

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
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
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
