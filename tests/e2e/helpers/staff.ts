import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const STAFF_PASSWORD = 'clear-the-queue';

/** A staff account made the way operators make them: `npm run admin -- create …` on the server's database. */
export function createStaff(name: string, role: 'admin' | 'moderator') {
  const made = spawnSync(
    'npx',
    [
      'tsx',
      'apps/api/src/moderation/admin-cli.ts',
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
      env: { ...process.env, DATA_DIR: join(process.cwd(), 'data', `e2e-${process.env.E2E_PORT ?? 3100}`) },
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
