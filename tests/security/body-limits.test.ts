import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { VIDEO_EDIT_MAX_BYTES } from '@vt/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../apps/api/src/http/body-limits';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

/** Issue 17, point 3: every body is bounded, chunked ones counted while they stream. */

const MB = 1024 * 1024;

/** An endless chunked body that counts what the server pulled from it. */
function endlessBody(chunk = 64 * 1024) {
  const state = { pulled: 0 };
  const bytes = new Uint8Array(chunk).fill(97);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += bytes.length;
      controller.enqueue(bytes);
    },
  });
  return { stream, state };
}

let sut: TestApp;
let cookie: string;
beforeAll(async () => {
  sut = createTestApp({ videos: 10 });
  await sut.createMember('Bodies');
  cookie = await sut.signIn('Bodies');
});
afterAll(() => sut.close());

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  sut.request(path, {
    method: 'POST',
    headers: { origin: sut.config.publicOrigin, cookie, ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

describe('body limits', () => {
  it('refuses an announced oversized form before reading it, with the legacy error', async () => {
    const res = await post('/api/login.php', 'usr=a&pwd='.padEnd(DEFAULT_BODY_LIMIT + 10, 'x'), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(res.headers.get('connection')).toBe('close');
  });

  it('stops reading a chunked form body at the limit', async () => {
    const { stream, state } = endlessBody();
    const res = await post('/api/login.php', stream, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'payload_too_large' });
    expect(state.pulled).toBeLessThan(DEFAULT_BODY_LIMIT + 4 * 64 * 1024);
  });

  it('bounds tRPC bodies the same way', async () => {
    const { stream, state } = endlessBody();
    const res = await post('/trpc/me.unread', stream, { 'content-type': 'application/json' });
    expect(res.status).toBe(413);
    expect(state.pulled).toBeLessThan(DEFAULT_BODY_LIMIT + 4 * 64 * 1024);
  });

  it.each([
    ['/api/album_edit.php', '20 MB', 21 * MB],
    ['/api/member.php', '10 MB', 11 * MB],
    ['/api/report.php', '5 MB', 6 * MB],
    ['/api/video_edit.php', '256 MB', 300 * MB],
  ])('%s refuses an announced body over %s with file_too_large', async (path, max, length) => {
    const res = await post(path, 'x', {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(length),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'file_too_large', field: 'file', info: { max } });
  });

  it('video_edit.php stops a chunked body just past its 256 MB limit', async () => {
    const { stream, state } = endlessBody(MB);
    const res = await post('/api/video_edit.php', stream, {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'file_too_large' });
    expect(state.pulled).toBeLessThan(VIDEO_EDIT_MAX_BYTES + 4 * MB);
  });
});

describe('over a real socket', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer(getRequestListener(sut.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Streams up to `total` bytes chunked until the server answers or drops the connection. */
  function chunkedPost(path: string, total: number) {
    return new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      let status = 0;
      const chunk = Buffer.alloc(MB, 98);
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: sut.config.publicOrigin,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          status = res.statusCode ?? 0;
          res.resume();
          res.on('end', () => {
            req.destroy();
            resolve({ status, sent });
          });
        },
      );
      req.on('error', (err) => (status ? resolve({ status, sent }) : reject(err)));
      const pump = () => {
        while (sent < total && status === 0 && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (sent >= total) req.end();
      };
      pump();
    });
  }

  it('answers 413 to a 400 MB chunked login, stops reading, and memory stays flat', async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const r = await chunkedPost('/api/login.php', 400 * MB);
    const grown = process.memoryUsage().rss - before;
    expect(r.status).toBe(413);
    // The client could push only what the socket buffers took before the answer closed it.
    expect(r.sent).toBeLessThan(100 * MB);
    expect(grown).toBeLessThan(100 * MB);
  });
});
