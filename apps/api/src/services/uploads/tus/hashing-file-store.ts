import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { hashingTap, type StreamingHashes } from './streaming-hashes';

/**
 * Bytes waiting for the disk. The write stream hands everything queued to one writev, so a large buffer
 * turns thousands of 64 KB socket reads into a few big writes; the file store's 16 KB default paused the
 * socket after every read, and uploads ran at a fraction of the disk's speed.
 */
const WRITE_BUFFER_BYTES = 4 * 1024 * 1024;

const SAFE_ID = /^[A-Za-z0-9_-]+$/;

/** @tus/file-store's layout and bookkeeping, with larger writes and the content hash fed as bytes pass. */
export class HashingFileStore extends FileStore {
  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly hashes: StreamingHashes,
  ) {
    super(options);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    if (!SAFE_ID.test(id)) throw { status_code: 404, body: 'The file for this url was not found\n' };
    const file = join(this.directory, id);
    const running = await this.hashes.resume(id, file, offset);
    const { tap, received } = hashingTap(this.hashes, running);
    try {
      await pipeline(
        readable,
        tap,
        createWriteStream(file, { flags: 'r+', start: offset, highWaterMark: WRITE_BUFFER_BYTES }),
      );
    } catch {
      this.hashes.discard(id);
      throw { status_code: 500, body: 'something went wrong while writing the file\n' };
    }
    return offset + received();
  }
}
