/** What the legacy write endpoints answer: `{ok: true, ...}` or an error with its code. */
export type PostResult<T = Record<string, unknown>> =
  | ({ ok: true } & T)
  | { ok?: undefined; error: string; code: string; field?: string; info?: Record<string, unknown> };

/** A same-origin form POST to a legacy endpoint; a network failure is reported as code `network`. */
export async function postForm<T = Record<string, unknown>>(
  path: string,
  fields: Record<string, string | number>,
): Promise<PostResult<T>> {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  try {
    const res = await fetch(path, { method: 'POST', body, credentials: 'same-origin' });
    return (await res.json()) as PostResult<T>;
  } catch {
    return { error: 'network', code: 'network' };
  }
}
