import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Failures of every adapter are logged with the id of the request that met them (issue 21: one error path). */
const lines: Record<string, unknown>[] = [];
let sut: TestApp;
beforeAll(() => {
  const log = pino(
    { level: 'error', base: undefined },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  sut = createTestApp({ videos: 20, log });
  // A table the category pages read is gone: their loaders and procedures fail as a broken database would.
  sut.db.$client.exec('PRAGMA foreign_keys = OFF; DROP TABLE video_categories; DROP TABLE categories;');
});
afterAll(() => sut.close());

const logged = (requestId: string) => lines.filter((line) => line.requestId === requestId);

describe('error logging', () => {
  it('logs a page whose loader fails with the request id, and answers 500 without details', async () => {
    const res = await sut.request('/categories/', { headers: { 'x-request-id': 'page-failure-1' } });
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain('no such table');
    expect(logged('page-failure-1').map((line) => line.msg)).toContain('page failed');
  });

  it('logs a failing tRPC procedure with the request id', async () => {
    const res = await sut.request(`/trpc/catalog.categories?input=${encodeURIComponent('{}')}`, {
      headers: { 'x-request-id': 'trpc-failure-1' },
    });
    expect(res.status).toBe(500);
    expect(logged('trpc-failure-1').map((line) => line.msg)).toContain('trpc procedure failed');
  });
});
