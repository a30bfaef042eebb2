import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../../apps/api/src/config';

/** Another node's config on the same database and bucket, with its own empty directories below `under`. */
export function ownDirsConfig(config: Config, under: string) {
  const dataDir = mkdtempSync(join(under, 'node-'));
  return { ...config, dataDir, uploadsDir: join(dataDir, 'uploads'), mediaDir: join(dataDir, 'media') };
}

/** A whole upload in one tus creation and one PATCH; answers the upload's path. */
export async function tusInOneGo(
  request: (path: string, init: RequestInit) => Response | Promise<Response>,
  opts: { data: Buffer; meta: Record<string, string>; cookie: string; origin: string },
): Promise<{ created: Response; patched: Response | null; path: string }> {
  const headers = { cookie: opts.cookie, origin: opts.origin, 'Tus-Resumable': '1.0.0' };
  const created = await request('/api/upload/', {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(opts.data.length),
      'Upload-Metadata': Object.entries(opts.meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  const path = new URL(created.headers.get('location') ?? '/', opts.origin).pathname;
  if (created.status !== 201) return { created, patched: null, path };
  const patched = await request(path, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(opts.data),
  });
  return { created, patched, path };
}
