import type { TestApp } from './test-app';

/** Calls tRPC procedures the way the browser does: queries by GET, mutations POST JSON with the site's Origin. */
export function trpcCaller(sut: () => TestApp) {
  async function trpc(path: string, input: unknown, cookie?: string, method: 'GET' | 'POST' = 'POST') {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (method === 'GET') {
      const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return sut().json(`/trpc/${path}${q}`, { headers });
    }
    return sut().json(`/trpc/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', origin: sut().config.publicOrigin },
      body: JSON.stringify(input ?? {}),
    });
  }
  const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
  return { trpc, data };
}
