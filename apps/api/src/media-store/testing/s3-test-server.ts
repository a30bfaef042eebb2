import { mkdtempSync, rmSync } from 'node:fs';
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

/**
 * A real S3-compatible server (s3rver, from the npm registry) in this process, on a free port, with its
 * own empty directory and one private bucket. Requests the SDK signs in headers go straight to s3rver;
 * URL-signed GETs have their SigV4 signature and expiry checked first (checkPresignedGet), and unsigned
 * requests are refused, as a private bucket on S3 or MinIO would.
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
