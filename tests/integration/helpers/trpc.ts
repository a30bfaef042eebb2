import pino from 'pino';
import { createJobHandlers } from '../../../apps/api/src/jobs/handlers';
import { createWorker } from '../../../apps/api/src/services/jobs/worker';
import type { TestApp } from './test-app';

/** Calls tRPC procedures the way the browser does: mutations POST JSON with the site's Origin. */
export function trpcOf(sut: TestApp) {
  return (path: string, input: unknown, cookie?: string, method: 'GET' | 'POST' = 'POST') => {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (method === 'GET') {
      const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return sut.json(`/trpc/${path}${q}`, { headers });
    }
    return sut.json(`/trpc/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: sut.config.publicOrigin },
      body: JSON.stringify(input ?? {}),
    });
  };
}

/** Runs every queued job to the end, as the worker would. */
export const drainJobsOf = (sut: TestApp) =>
  createWorker({
    queue: sut.services.jobs,
    handlers: createJobHandlers(sut.services),
    log: pino({ level: 'silent' }),
  }).drain();
