import type { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import type { S3StoreConfig } from '../../../media-store/media-store-config';
import { s3ClientConfig } from '../../../media-store/s3-media-store';
import { hashingTap, type StreamingHashes } from './streaming-hashes';

/**
 * Preferred size of one S3 part. S3 allows 10,000 parts, so 8 MiB parts cover 80 GB (uploads stop at
 * 10 GB); @tus/s3-store buffers each part in a file below `os.tmpdir()` while it goes up.
 */
const TUS_PART_BYTES = 8 * 1024 * 1024;
/** Parts going up at once on this node, for all uploads together: bounds the temp files to 8 × 8 MiB. */
const CONCURRENT_PARTS = 8;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; Code?: string; status_code?: number };
  return (
    e?.status_code === 404 ||
    ['NotFound', 'NoSuchKey', 'NoSuchUpload'].includes(e?.name ?? '') ||
    ['NotFound', 'NoSuchKey', 'NoSuchUpload'].includes(e?.Code ?? '')
  );
};

/**
 * tus uploads straight into the bucket (issue 22), through @tus/s3-store: each upload is an S3 multipart
 * upload at `{prefix}{id}`, its tus metadata in `{prefix}{id}.info`, and a tail shorter than S3's 5 MiB
 * minimum part in `{prefix}{id}.part` until the next PATCH. All the state is in the bucket, so any API node
 * answers HEAD and takes the next PATCH after a restart or on another machine; nothing of the upload is
 * written to this node's disk except the part buffers below `os.tmpdir()`, which @tus/s3-store deletes as
 * soon as each part is sent (or the request fails).
 *
 * S3Store names its keys after the tus id alone; a middleware on its S3 client puts every key it sends
 * under the prefix, so media (`uploads/{video id}/…`) and uploads share the bucket without meeting.
 *
 * The content hash is fed as the bytes pass, as HashingFileStore does. A PATCH on a node that did not see
 * the bytes before (a restart, another node) cannot read them back from an unfinished multipart upload:
 * that upload finishes without a streamed hash and the ingest job hashes the copy it pulls.
 */
export class HashingS3Store extends S3Store {
  readonly prefix: string;

  constructor(
    cfg: S3StoreConfig,
    private readonly hashes: StreamingHashes,
    opts: { expirationPeriodInMilliseconds: number },
  ) {
    super({
      partSize: TUS_PART_BYTES,
      maxConcurrentPartUploads: CONCURRENT_PARTS,
      expirationPeriodInMilliseconds: opts.expirationPeriodInMilliseconds,
      // Expiry tags (`Tus-Completed`) are not taken by every S3-compatible store (R2 has no object tags);
      // expired uploads are removed by the uploads.cleanup job and a bucket lifecycle rule (operations.md).
      useTags: false,
      s3ClientConfig: { ...s3ClientConfig(cfg), bucket: cfg.bucket },
    });
    this.prefix = cfg.uploadsPrefix;
    const prefix = this.prefix;
    this.client.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Key?: string; Delete?: { Objects?: { Key?: string }[] } };
        if (typeof input.Key === 'string' && !input.Key.startsWith(prefix)) input.Key = prefix + input.Key;
        for (const o of input.Delete?.Objects ?? [])
          if (typeof o.Key === 'string' && !o.Key.startsWith(prefix)) o.Key = prefix + o.Key;
        return next(args);
      },
      { step: 'initialize', name: 'tusUploadsPrefix' },
    );
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const running = await this.hashes.resume(id, null, offset);
    const { tap } = hashingTap(this.hashes, running);
    readable.on('error', (err) => tap.destroy(err));
    try {
      return await super.write(readable.pipe(tap), id, offset);
    } catch (err) {
      this.hashes.discard(id);
      throw err;
    }
  }

  /**
   * A tus termination (the member's DELETE): everything of the upload, whether its multipart upload is still
   * open or already finished. S3Store's own remove finds no multipart upload to abort once the last PATCH
   * completed it, answers 404 and leaves `{id}` and `{id}.info` in the bucket for good; the file store
   * deletes a finished upload's file, and so does this.
   */
  override async remove(id: string): Promise<void> {
    await this.discard(id);
  }

  /**
   * Everything of an upload: its multipart upload is aborted when still open, and its objects go
   * (`remove` alone leaves the short tail, `.part`, behind). Quiet when there is nothing left.
   */
  async discard(id: string): Promise<void> {
    try {
      await super.remove(id);
    } catch (err) {
      if (!isNotFound(err)) throw err;
      // No multipart upload in flight (finished, or never begun): its objects go all the same.
      await this.client.deleteObjects({
        Bucket: this.bucket,
        Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }] },
      });
    }
    await this.deleteIncompletePart(id);
    await this.clearCache(id);
  }
}
