import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/api/src/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/web/app/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/security/**/*.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one on two cores. Most suites wait on ffmpeg,
    // PostgreSQL or a lease, so at least two overlap those waits (16 min instead of 25 on two cores).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ['tests/setup/migrated-schema.ts'],
  },
});
