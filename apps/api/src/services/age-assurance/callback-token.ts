import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The redirect provider's answer: `base64url(JSON payload) . base64url(HMAC-SHA256(secret, first part))`.
 * The payload says the visitor is an adult, echoes our nonce (bound to the visitor's browser by a cookie,
 * so a token cannot be passed on) and expires (`exp`, unix seconds).
 */
const Payload = z.object({ adult: z.literal(true), nonce: z.string().min(16), exp: z.number().int() });
export type CallbackPayload = z.infer<typeof Payload>;

export type CallbackCheck =
  | { ok: true }
  | { ok: false; reason: 'malformed' | 'forged' | 'expired' | 'nonce_mismatch' | 'not_adult' };

const sign = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest('base64url');

/** What a provider (or the operator's bridge to one) sends back; also used by the tests. */
export function signCallbackToken(
  secret: string,
  payload: CallbackPayload | Record<string, unknown>,
): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

export function verifyCallbackToken(
  secret: string,
  token: string,
  nonce: string,
  now: number,
): CallbackCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(secret, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'forged' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const parsed = Payload.safeParse(json);
  if (!parsed.success) {
    const adult = (json as { adult?: unknown } | null)?.adult;
    return { ok: false, reason: adult === false ? 'not_adult' : 'malformed' };
  }
  if (parsed.data.exp <= now) return { ok: false, reason: 'expired' };
  const a = Buffer.from(parsed.data.nonce);
  const b = Buffer.from(nonce);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, reason: 'nonce_mismatch' };
  return { ok: true };
}
