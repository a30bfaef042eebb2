import type { IncomingMessage } from 'node:http';
import { Server } from '@tus/server';
import { MAX_UPLOAD_BYTES } from '@vt/rules';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../lib/app-error';
import type { TusStorage } from '../services/uploads/tus/tus-storage';
import type { UploadService } from '../services/uploads/upload.service';
import { checkVideoUpload } from '../services/uploads/upload-rules';
import { coalescedBody } from './coalesced-body';

/** A tus error answer: the status and a JSON body tus-js-client hands to the page as the error's text. */
const tusError = (err: AppError) => ({
  status_code: err.status,
  body: JSON.stringify({ error: err.message, code: err.code, field: err.field, info: err.info }),
});

/**
 * Resumable uploads (tus 1.0 through @tus/server) at `/api/upload/`. Only signed-in members upload, only
 * into their own uploads; bytes go to the store as they stream, so memory stays flat. With @tus/file-store
 * an upload survives a restart because its offset lives next to the file; in S3 mode (@tus/s3-store) its
 * state is in the bucket, so any API node resumes it.
 */
export function tusRoutes({
  storage,
  uploads,
  trustProxy,
  onError,
}: {
  /** The tus data store and its streaming hashes (tus-storage.ts). */
  storage: Pick<TusStorage, 'datastore' | 'hashes'>;
  uploads: UploadService;
  trustProxy: boolean;
  /** Where a failed progress write is reported (tus's event has no one to answer). */
  onError: (err: unknown) => void;
}) {
  const members = new WeakMap<Request, number>();
  const { hashes, datastore } = storage;
  const server = new Server({
    path: '/api/upload',
    relativeLocation: true,
    respectForwardedHeaders: trustProxy,
    maxSize: MAX_UPLOAD_BYTES,
    datastore,
    async onIncomingRequest(req, id) {
      const member = members.get(req);
      if (member === undefined)
        throw tusError(
          new AppError('auth_error', { status: 401, message: 'Please sign in to complete this action' }),
        );
      if (req.method === 'POST') return;
      const upload = await uploads.get(id);
      // Someone else's upload does not exist for you.
      if (!upload || upload.member_id !== member) throw { status_code: 404, body: 'Not found\n' };
    },
    async onUploadCreate(req, upload) {
      try {
        // An Upload-Length over 10 GB is refused here, before any byte is sent (413 with the message).
        const meta = checkVideoUpload(upload.metadata ?? {}, upload.size);
        await uploads.begin(members.get(req)!, upload.id, upload.size ?? 0, meta);
      } catch (err) {
        if (err instanceof AppError) throw tusError(err);
        throw err;
      }
      return {};
    },
    // tus's own size check answers before our hooks run: give it the same message as ours.
    onResponseError(_req, err) {
      if ('status_code' in err && err.status_code === 413)
        return tusError(
          new AppError('file_too_large', {
            status: 413,
            field: 'file',
            info: { max: '10 GB' },
            message: 'The file is too large: at most 10 GB',
          }),
        );
      return undefined;
    },
    async onUploadFinish(_req, upload) {
      await uploads.complete(upload.id, await hashes.finish(upload.id, upload.size ?? -1));
      return {};
    },
  });
  // Progress of a stream in flight, for the expiry clock and the uploads page.
  server.on('POST_RECEIVE', (_req, upload) => void uploads.touch(upload.id, upload.offset).catch(onError));

  const app = new Hono<AppEnv>();
  const handle = async (c: Context<AppEnv>) => {
    // Under the Node server the bytes of a PATCH come straight from the socket, in large chunks.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const req =
      c.req.method === 'PATCH' && incoming
        ? new Request(c.req.raw.url, {
            method: 'PATCH',
            headers: c.req.raw.headers,
            body: coalescedBody(incoming),
            duplex: 'half',
          } as RequestInit)
        : c.req.raw;
    if (c.var.viewer.memberId !== null) members.set(req, c.var.viewer.memberId);
    if (c.req.method === 'DELETE') {
      const id = c.req.path.split('/').pop() ?? '';
      const upload = await uploads.get(id);
      if (upload && upload.member_id === c.var.viewer.memberId) {
        await uploads.cancel(id);
        hashes.discard(id);
      }
    }
    return server.handleWeb(req);
  };
  app.all('/api/upload', handle);
  app.all('/api/upload/*', handle);

  return { app, cleanUpExpired: () => server.cleanUpExpiredUploads() };
}
