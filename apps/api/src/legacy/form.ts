import type { Context } from 'hono';
import { AppError } from '../lib/app-error';

/** `400 bad_request`: the body is not the form its Content-Type announces (no boundary, cut short, garbage). */
export const unreadableForm = () =>
  new AppError('bad_request', { status: 400, message: 'The form could not be read' });

/** The body as Hono parses it (strings and Files); an unreadable one is 400 bad_request, not a crash. */
export async function readForm(c: Context): Promise<Record<string, string | File>> {
  try {
    return await c.req.parseBody();
  } catch (err) {
    throw (await unreadableBodyError(c, err)) ?? err;
  }
}

/** A form-encoded or multipart body as plain strings (files are left out). */
export async function formFields(c: Context): Promise<Record<string, string>> {
  const body = await readForm(c);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
  return out;
}

/**
 * unreadableForm() when `err` is the failure of parsing this request's body as a form, else null. Adapters
 * that call `c.req.parseBody()` themselves reach here through legacyError: Hono keeps the parse as a
 * promise in the request's body cache, so comparing its rejection with `err` tells a malformed body from a
 * bug that happened later (which must stay a logged 500).
 */
export async function unreadableBodyError(c: Context, err: unknown): Promise<AppError | null> {
  if (err instanceof AppError) return null;
  const pending = (c.req as unknown as { bodyCache?: { formData?: Promise<unknown> } }).bodyCache?.formData;
  if (!pending) return null;
  const failure = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  return failure === err ? unreadableForm() : null;
}

/** `{"ok": ...}` answers of the write endpoints are never cached. */
export const ok = (c: Context, body: Record<string, unknown> = {}) =>
  c.json({ ok: true, ...body }, 200, { 'Cache-Control': 'private, no-store' });
