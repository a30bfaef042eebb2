import type { MediaStore } from '../../../media-store/media-store';
import type { MediaStoreConfig } from '../../../media-store/media-store-config';
import { UPLOAD_EXPIRY_SECONDS } from '../upload.service';
import { localUploadSource, storeUploadSource, type UploadSource } from '../upload-source';
import { HashingFileStore } from './hashing-file-store';
import { HashingS3Store } from './hashing-s3-store';
import { createStreamingHashes, type StreamingHashes } from './streaming-hashes';

export interface TusStorage {
  /** The tus data store: files in the uploads directory, or multipart uploads in the bucket (S3 mode). */
  datastore: HashingFileStore | HashingS3Store;
  /** The content hashes computed as the bytes arrive. */
  hashes: StreamingHashes;
  /** The same uploads as the ingest job and the cleanup read and remove them. */
  source: UploadSource;
}

/**
 * Where tus uploads go: the local uploads directory (the default), or, when the media store is S3, the
 * same bucket under S3_UPLOADS_PREFIX (issue 22), so any API node resumes any upload and a worker on
 * another machine pulls the finished one.
 */
export function createTusStorage(opts: {
  mediaStore: MediaStoreConfig;
  store: MediaStore;
  uploadsDir: string;
  /** The worker's scratch directory (MEDIA_DIR in S3 mode): a finished upload is pulled below it. */
  scratchDir: string;
}): TusStorage {
  const hashes = createStreamingHashes();
  const expirationPeriodInMilliseconds = UPLOAD_EXPIRY_SECONDS * 1000;
  if (opts.mediaStore.kind === 's3') {
    const datastore = new HashingS3Store(opts.mediaStore, hashes, { expirationPeriodInMilliseconds });
    const source = storeUploadSource({
      store: opts.store,
      prefix: datastore.prefix,
      scratchDir: opts.scratchDir,
      discard: (id) => datastore.discard(id),
    });
    return { datastore, hashes, source };
  }
  // The file store makes its directory when it is built: only in local mode.
  let datastore: HashingFileStore | null = null;
  return {
    get datastore() {
      datastore ??= new HashingFileStore(
        { directory: opts.uploadsDir, expirationPeriodInMilliseconds },
        hashes,
      );
      return datastore;
    },
    hashes,
    source: localUploadSource(opts.uploadsDir),
  };
}
