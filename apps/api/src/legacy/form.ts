import type { Context } from 'hono';

/** A form-encoded or multipart body as plain strings (files are left out). */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** `{"ok": ...}` answers of the write endpoints are never cached. */
export const ok = (c: Context, body: Record<string, unknown> = {}) =>
  c.json({ ok: true, ...body }, 200, { 'Cache-Control': 'private, no-store' });
