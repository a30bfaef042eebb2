import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legacyWrites, trpcMutations } from './helpers/routes';
import { createWorld, diff, type World } from './helpers/world';

/**
 * Bodies that say multipart and are not: every legacy POST that reads a form answers 400 `bad_request` in
 * the legacy error shape (the multipart parser's failure is the client's mistake, not a crash), and
 * nothing is written.
 */

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.sut.close());

/** A real multipart body (a text field and a file) to cut and bend. */
async function realMultipart() {
  const fd = new FormData();
  fd.append('act', 'edit');
  fd.append('title', 'A title long enough');
  fd.append('file', new Blob([new Uint8Array(300).fill(65)]), 'clip.mp4');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  const type = req.headers.get('content-type')!;
  const bytes = new Uint8Array(await req.arrayBuffer());
  return { type, bytes, boundary: type.split('boundary=')[1], text: new TextDecoder().decode(bytes) };
}

async function malformedBodies(): Promise<{ label: string; type: string; body: BodyInit }[]> {
  const real = await realMultipart();
  const part = (b: string) => `--${b}\r\nContent-Disposition: form-data; name="act"\r\n\r\nedit\r\n`;
  return [
    { label: 'multipart without a boundary', type: 'multipart/form-data', body: real.bytes },
    { label: 'an empty boundary', type: 'multipart/form-data; boundary=', body: real.bytes },
    {
      label: 'a boundary that never appears',
      type: 'multipart/form-data; boundary=NEVER',
      body: 'just some text',
    },
    {
      label: 'cut in the middle of the file',
      type: real.type,
      body: real.bytes.slice(0, real.bytes.length >> 1),
    },
    { label: 'cut inside the first part headers', type: real.type, body: real.bytes.slice(0, 50) },
    {
      label: 'no closing boundary',
      type: real.type,
      body: real.text.replace(`--${real.boundary}--`, ''),
    },
    { label: 'an empty body', type: real.type, body: '' },
    { label: 'an urlencoded body', type: 'multipart/form-data; boundary=XYZ', body: 'act=edit&title=x' },
    {
      label: 'binary garbage',
      type: 'multipart/form-data; boundary=XYZ',
      body: new Uint8Array(2000).map((_, i) => (i * 7919 + 13) & 255),
    },
    {
      label: 'a part without Content-Disposition',
      type: 'multipart/form-data; boundary=XYZ',
      body: '--XYZ\r\nContent-Type: text/plain\r\n\r\nedit\r\n--XYZ--\r\n',
    },
    {
      label: 'a part without a name',
      type: 'multipart/form-data; boundary=XYZ',
      body: '--XYZ\r\nContent-Disposition: form-data\r\n\r\nedit\r\n--XYZ--\r\n',
    },
    {
      label: 'no line breaks',
      type: 'multipart/form-data; boundary=XYZ',
      body: part('XYZ').replaceAll('\r\n', ''),
    },
  ];
}

describe('malformed multipart bodies', () => {
  it('answer 400 bad_request on every legacy POST that reads a form, and change nothing', async () => {
    const routes = legacyWrites(w.fx).filter((r) => r.method === 'POST' && r.body.kind !== 'none');
    const paths = [...new Set(routes.map((r) => r.url))];
    expect(paths.length).toBeGreaterThanOrEqual(10);
    const before = await w.snapshot();
    const failures: string[] = [];
    for (const path of paths) {
      for (const m of await malformedBodies()) {
        const res = await w.sut.request(path, {
          method: 'POST',
          headers: { 'content-type': m.type, origin: w.sut.config.publicOrigin, cookie: w.cookies.alice },
          body: m.body,
        });
        const text = await res.text();
        let body: { error?: unknown; code?: unknown } = {};
        try {
          body = JSON.parse(text);
        } catch {}
        if (res.status !== 400 || body.code !== 'bad_request' || typeof body.error !== 'string')
          failures.push(`POST ${path} with ${m.label} (${m.type}): ${res.status} ${text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(diff(before, await w.snapshot())).toEqual([]);
  });

  it('answer 400 bad_request signed out too, on the routes open to visitors', async () => {
    const open = legacyWrites(w.fx).filter((r) => r.need === 'none' && r.body.kind !== 'none');
    for (const r of open) {
      for (const m of await malformedBodies()) {
        const res = await w.sut.request(r.url, {
          method: 'POST',
          headers: { 'content-type': m.type, origin: w.sut.config.publicOrigin },
          body: m.body,
        });
        const body = (await res.json()) as { code?: string };
        expect({ status: res.status, code: body.code }, `${r.name} with ${m.label}`).toEqual({
          status: 400,
          code: 'bad_request',
        });
      }
    }
  });

  it('answer a 4xx, never a 500, on tRPC mutations and tus', async () => {
    const targets = [
      ...trpcMutations(w.fx).map((m) => ({ url: `/trpc/${m.procedure}`, method: 'POST' })),
      { url: '/api/upload', method: 'POST' },
      { url: `/api/upload/${w.fx.uploadId}`, method: 'PATCH' },
    ];
    for (const t of targets) {
      for (const m of await malformedBodies()) {
        const res = await w.sut.request(t.url, {
          method: t.method,
          headers: {
            'content-type': m.type,
            origin: w.sut.config.publicOrigin,
            cookie: w.cookies.warden,
            'tus-resumable': '1.0.0',
          },
          body: m.body,
        });
        expect(res.status, `${t.method} ${t.url} with ${m.label}: ${await res.text()}`).toBeLessThan(500);
      }
    }
  });

  it('still reads well-formed multipart bodies', async () => {
    const fd = new FormData();
    fd.append('section', 'profile');
    fd.append('city', 'Lisbon');
    const res = await w.sut.request('/api/member.php', {
      method: 'POST',
      headers: { origin: w.sut.config.publicOrigin, cookie: w.cookies.alice },
      body: fd,
    });
    expect(await res.json()).toEqual({ ok: true, code: 'profile_changed' });
  });
});
