import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // A returning visitor who closed the cookie notice; tests/e2e/age-gate.spec.ts starts without it.
    storageState: {
      cookies: [],
      origins: [
        { origin: `http://127.0.0.1:${port}`, localStorage: [{ name: 'cookies_notice', value: '1' }] },
      ],
    },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    command: `node scripts/e2e-server.mjs ${port}`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // The server script stops its throwaway PostgreSQL server on SIGTERM (a SIGKILL would leave it running).
    ...(process.env.E2E_DATABASE === 'postgres'
      ? { gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 } }
      : {}),
  },
});
