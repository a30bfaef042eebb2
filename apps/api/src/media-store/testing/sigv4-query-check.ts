import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * Checks a presigned (SigV4 query) GET the way S3 does: the signature over the canonical request, and the
 * expiry. s3rver checks the expiry only (its SigV4 support is incomplete), so the test server puts this in
 * front of it; real buckets (AWS, MinIO, R2) do the same check themselves.
 */
export function checkPresignedGet(
  method: string,
  rawUrl: string,
  host: string,
  secretAccessKey: string,
  nowMs: number,
): 'ok' | 'expired' | 'bad-signature' | 'unsigned' {
  const u = new URL(rawUrl, `http://${host}`);
  const q = u.searchParams;
  const sig = q.get('X-Amz-Signature');
  const date = q.get('X-Amz-Date');
  const credential = q.get('X-Amz-Credential');
  const expires = Number(q.get('X-Amz-Expires'));
  if (!sig || !date || !credential || !Number.isFinite(expires)) return 'unsigned';
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
  if (!m) return 'bad-signature';
  const signedAt = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  const query = [...q.entries()]
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const signedHeaders = q.get('X-Amz-SignedHeaders') ?? 'host';
  if (signedHeaders !== 'host') return 'bad-signature';
  const canonical = [method, u.pathname, query, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = credential.split('/').slice(1).join('/');
  const [day, region, service] = scope.split('/');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonical).digest('hex')].join(
    '\n',
  );
  const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
  const want = Buffer.from(createHmac('sha256', key).update(toSign).digest('hex'));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return 'bad-signature';
  return nowMs > signedAt + expires * 1000 ? 'expired' : 'ok';
}
