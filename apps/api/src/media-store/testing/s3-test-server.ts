import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StoreConfig } from '../media-store-config';
import { checkPresignedGet } from './sigv4-query-check';

const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

const denied = (res: ServerResponse, code: string) => {
  res.writeHead(403, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code></Error>`);
};

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
};
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * S3 calls s3rver 3.7.1 does not implement and @tus/s3-store makes: ListParts (`GET /{bucket}/{key}?uploadId=`,
 * on every HEAD and PATCH: the offset of an upload is the sum of its parts) and AbortMultipartUpload
 * (`DELETE /{bucket}/{key}?uploadId=`, a tus termination or an expired upload). s3rver answers both with 405.
 * They are answered here from s3rver's own storage of multipart uploads (`{bucket}/._S3rver_uploads/{uploadId}/`
 * holds `key`, and `{n}` and `{n}.md5` per part, written by s3rver's UploadPart), the way S3 answers them.
 * Production code talks to a real S3 and is not changed for this. Answers false when the request is not one
 * of these (s3rver handles it). Only header-signed requests come here; unlike s3rver, the shim does not
 * verify the signature itself.
 */
function multipartShim(
  directory: string,
  bucket: string,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  const url = new URL(req.url ?? '/', 'http://s3');
  const uploadId = url.searchParams.get('uploadId');
  if (uploadId === null || url.searchParams.has('partNumber')) return false;
  if (req.method !== 'GET' && req.method !== 'DELETE') return false;
  const [, urlBucket, ...rest] = url.pathname.split('/');
  if (urlBucket !== bucket || rest.length === 0) return false;
  const key = decodeURIComponent(rest.join('/'));
  const dir = join(directory, bucket, '._S3rver_uploads', uploadId);
  if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(dir) || readFileSync(join(dir, 'key'), 'utf8') !== key) {
    xml(
      res,
      404,
      `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><Key>${esc(key)}</Key></Error>`,
    );
    return true;
  }
  if (req.method === 'DELETE') {
    rmSync(dir, { recursive: true, force: true });
    res.writeHead(204);
    res.end();
    return true;
  }
  const marker = Number(url.searchParams.get('part-number-marker') ?? 0);
  const max = Math.min(Number(url.searchParams.get('max-parts') ?? 1000), 1000);
  // A part whose .md5 is not written yet is still arriving: S3 does not list it either.
  const numbers = readdirSync(dir)
    .filter((f) => /^\d+$/.test(f) && existsSync(join(dir, `${f}.md5`)))
    .map(Number)
    .filter((n) => n > marker)
    .sort((a, b) => a - b);
  const page = numbers.slice(0, max);
  const parts = page.map((n) => {
    const stat = statSync(join(dir, String(n)));
    const md5 = readFileSync(join(dir, `${n}.md5`), 'utf8').trim();
    return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`;
  });
  const truncated = numbers.length > page.length;
  xml(
    res,
    200,
    `<ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${esc(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker><MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
  return true;
}

/**
 * A real S3-compatible server (s3rver, from the npm registry) in this process, on a free port, with its
 * own empty directory and one private bucket. Requests the SDK signs in headers go straight to s3rver;
 * URL-signed GETs have their SigV4 signature and expiry checked first (checkPresignedGet), and unsigned
 * requests are refused, as a private bucket on S3 or MinIO would. ListParts and AbortMultipartUpload,
 * which s3rver lacks, are answered by multipartShim.
 */
export async function startS3TestServer(bucket = 'media-test', opts: { corsOrigin?: string } = {}) {
  const directory = mkdtempSync(join(tmpdir(), 'vt-s3rver-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [
      {
        name: bucket,
        // A player follows the API's redirect with XHR: GET from the site's origin (`null` after a redirect).
        configs: opts.corsOrigin
          ? [
              `<CORSConfiguration><CORSRule><AllowedOrigin>${opts.corsOrigin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader></CORSRule></CORSConfiguration>`,
            ]
          : [],
      },
    ],
  });
  await s3rver.run();
  const handle = (
    s3rver as unknown as { callback(): (req: IncomingMessage, res: ServerResponse) => void }
  ).callback();
  const front = createServer((req, res) => {
    // Header-signed SDK calls, and CORS preflights (which carry no credentials on S3 either).
    if (req.headers.authorization && multipartShim(directory, bucket, req, res)) return;
    if (req.headers.authorization || req.method === 'OPTIONS') return handle(req, res);
    const verdict = checkPresignedGet(
      req.method ?? 'GET',
      req.url ?? '/',
      req.headers.host ?? '',
      SECRET_KEY,
      Date.now(),
    );
    if (verdict === 'ok') return handle(req, res);
    denied(
      res,
      verdict === 'expired'
        ? 'AccessDenied'
        : verdict === 'unsigned'
          ? 'AccessDenied'
          : 'SignatureDoesNotMatch',
    );
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', r));
  const endpoint = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  const config: S3StoreConfig = {
    endpoint,
    region: 'us-east-1',
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    forcePathStyle: true,
    publicBaseUrl: undefined,
    urlTtlSec: 300,
    uploadsPrefix: 'tus-uploads/',
  };
  return {
    endpoint,
    config,
    /** The settings an app or CLI reads to use this server (config.ts). */
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    /** Where s3rver keeps the bucket's objects on disk. */
    directory,
    async stop() {
      await new Promise((r) => front.close(r));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
