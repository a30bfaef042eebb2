import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '@vt/api/trpc';

let client: ReturnType<typeof createTRPCClient<AppRouter>> | undefined;

/** The browser's tRPC client, created on first use (never during SSR, where loaders use context.api). */
export function apiClient() {
  client ??= createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/trpc' })] });
  return client;
}
