import { LocalMediaStore } from './local-media-store';
import type { MediaStore } from './media-store';
import type { MediaStoreConfig } from './media-store-config';
import { S3MediaStore } from './s3-media-store';

/** The store the configuration names: the media directory, or the S3 bucket. */
export function createMediaStore(opts: {
  mediaStore: MediaStoreConfig;
  mediaDir: string;
  mediaSecret: string;
  mediaUrlTtl: number;
}): MediaStore {
  if (opts.mediaStore.kind === 's3') return new S3MediaStore(opts.mediaStore);
  return new LocalMediaStore({
    root: opts.mediaDir,
    secret: opts.mediaSecret,
    signedBase: '/store',
    ttlSec: opts.mediaUrlTtl,
  });
}
