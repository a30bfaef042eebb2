import type { PostResult } from './legacy-post';

/**
 * One tRPC mutation as a plain JSON POST, answered like a legacy write (`{ok: true, ...}` or the error's
 * code, field and info), so forms show its errors the same way. No @trpc/client in the page for it.
 */
export async function postTrpc<T = Record<string, unknown>>(
  procedure: string,
  input: unknown,
): Promise<PostResult<T>> {
  try {
    const res = await fetch(`/trpc/${procedure}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(input ?? {}),
    });
    const body = (await res.json()) as {
      result?: { data?: T };
      error?: { message?: string; data?: { code?: string; field?: string; info?: Record<string, unknown> } };
    };
    if (res.ok) return { ok: true, ...(body.result?.data ?? ({} as T)) };
    const data = body.error?.data;
    const code = res.status === 401 ? 'auth_error' : (data?.code ?? 'unknown');
    return { error: body.error?.message ?? code, code, field: data?.field, info: data?.info };
  } catch {
    return { error: 'network', code: 'network' };
  }
}
