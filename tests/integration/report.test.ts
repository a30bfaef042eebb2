import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Challenge } from 'altcha-lib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { solveToToken } from './helpers/captcha-token';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let videoId: number;
let videoDir: string;
let ipSeq = 0;

beforeAll(() => {
  // Cheap proof of work so every test can solve real challenges; TRUST_PROXY lets each test be its own address.
  sut = createTestApp({ videos: 30, env: { CAPTCHA_COST: '1', TRUST_PROXY: '1' } });
  sqlite = sut.db.$client;
  const v = sqlite.prepare('SELECT id, dir FROM videos WHERE status_id = 1 ORDER BY id LIMIT 1').get() as {
    id: number;
    dir: string;
  };
  videoId = v.id;
  videoDir = v.dir;
});
afterAll(() => sut.close());
afterEach(() => vi.useRealTimers());

/** A challenge from the server, solved the way the widget's workers do, encoded as the widget submits it. */
async function solvedToken(): Promise<string> {
  const res = await sut.request('/api/captcha.php');
  expect(res.headers.get('cache-control')).toBe('no-store');
  return solveToToken((await res.json()) as Challenge);
}

interface Upload {
  bytes: Uint8Array;
  name: string;
  type: string;
}

/** The contact form's multipart POST from one client address. */
function report(
  fields: Record<string, string>,
  opts: { file?: Upload; cookie?: string; ip?: string; origin?: string } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (opts.file)
    form.append(
      'file',
      new Blob([new Uint8Array(opts.file.bytes)], { type: opts.file.type }),
      opts.file.name,
    );
  const headers: Record<string, string> = {
    origin: opts.origin ?? sut.config.publicOrigin,
    'x-forwarded-for': opts.ip ?? `203.0.113.${++ipSeq}`,
  };
  if (opts.cookie) headers.cookie = opts.cookie;
  return sut.json('/api/report.php', { method: 'POST', headers, body: form });
}

const valid = (token: string, extra: Record<string, string> = {}) => ({
  subject: 'technical',
  email: 'Viewer@Example.test',
  message: 'The player stops after ten seconds.',
  referrer: `${sut.config.publicOrigin}/information/help/`,
  captcha: token,
  ...extra,
});

const lastReport = () =>
  sqlite.prepare('SELECT * FROM reports ORDER BY id DESC LIMIT 1').get() as Record<string, unknown>;
const reportCount = () => sqlite.prepare('SELECT count(*) FROM reports').pluck().get() as number;

async function photoWithExif(): Promise<Uint8Array> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Private Person', Artist: 'GPS-and-name' } })
    .toBuffer();
}

describe('GET /api/captcha.php', () => {
  it('hands out a signed PBKDF2 challenge that expires, never cached', async () => {
    const { res, body } = await sut.json('/api/captcha.php');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(body.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(body.parameters.keySignature).toBeTruthy();
  });
});

describe('POST /api/report.php: a valid report', () => {
  it('stores a visitor report about the video it was sent from, with the image re-encoded without EXIF', async () => {
    const before = reportCount();
    const photo = await photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { res, body } = await report(
      valid(await solvedToken(), {
        subject: 'inappropriate',
        message: 'x'.repeat(1500),
        referrer: `${sut.config.publicOrigin}/videos/${videoId}/${videoDir}/`,
      }),
      { file: { bytes: photo, name: 'IMG_0001.JPG', type: 'image/jpeg' } },
    );
    expect(res.status).toBe(200);
    expect(body).toEqual({ ok: true });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(reportCount()).toBe(before + 1);
    const row = lastReport();
    expect(row).toMatchObject({
      subject: 'inappropriate',
      email: 'viewer@example.test',
      message: 'x'.repeat(1500),
      referrer: `${sut.config.publicOrigin}/videos/${videoId}/${videoDir}/`,
      target_section: 'video',
      target_id: videoId,
      priority: 0,
      status: 'open',
      reporter_id: null,
    });
    expect(row.file_path).toMatch(/^reports\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    const stored = join(sut.config.dataDir, row.file_path as string);
    expect(existsSync(stored)).toBe(true);
    const meta = await sharp(readFileSync(stored)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(readFileSync(stored).includes('GPS-and-name')).toBe(false);
    // Under DATA_DIR, not served publicly: only the moderators' route gives it out.
    expect((await sut.request(`/${row.file_path}`)).status).toBe(404);
    expect((await sut.request(`/api/moderation/report-file/${row.id}`)).status).toBe(404);
  });

  it('makes "I appear in this video" a removal request at priority 1, from the member who sent it', async () => {
    const memberId = await sut.createMember('depicted_person');
    const cookie = await sut.signIn('depicted_person');
    const { res, body } = await report(
      valid(await solvedToken(), {
        subject: 'inappropriate',
        video_id: String(videoId),
        depicted: '1',
        referrer: `${sut.config.publicOrigin}/videos/${videoId}/${videoDir}/`,
      }),
      { cookie },
    );
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(lastReport()).toMatchObject({
      subject: 'removal',
      target_section: 'video',
      target_id: videoId,
      priority: 1,
      reporter_id: memberId,
      file_path: null,
    });
  });

  it('stores the legacy "advertising request" as advertising, and only content reports take the page as target', async () => {
    const { res } = await report(
      valid(await solvedToken(), {
        subject: 'advertising request',
        referrer: `${sut.config.publicOrigin}/videos/${videoId}/${videoDir}/`,
      }),
    );
    expect(res.status).toBe(200);
    expect(lastReport()).toMatchObject({ subject: 'advertising', target_section: null, target_id: null });
  });

  it('ignores unknown videos and keeps only http(s) referrers', async () => {
    const { res } = await report(
      valid(await solvedToken(), {
        subject: 'copyright',
        video_id: '999999',
        referrer: 'javascript:alert(1)',
      }),
    );
    expect(res.status).toBe(200);
    expect(lastReport()).toMatchObject({ subject: 'copyright', target_id: null, referrer: null });
  });

  it('keeps a PNG screenshot as PNG', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const { res } = await report(valid(await solvedToken()), {
      file: { bytes: png, name: 'screen.png', type: 'image/png' },
    });
    expect(res.status).toBe(200);
    expect(lastReport().file_path).toMatch(/\.png$/);
  });
});

describe('POST /api/report.php: the spec messages, by field', () => {
  /** An answer that names the field, its code and text, with nothing stored. */
  async function refused(fields: Record<string, string>, opts: Parameters<typeof report>[1] = {}) {
    const before = reportCount();
    const r = await report(fields, opts);
    expect(reportCount()).toBe(before);
    return r;
  }

  it('requires the email and refuses a malformed one: "Email entered incorrectly"', async () => {
    const token = await solvedToken();
    const missing = await refused(valid(token, { email: '' }));
    expect(missing.res.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'required', field: 'email' });
    const bad = await refused(valid(token, { email: 'viewer@' }));
    expect(bad.body).toMatchObject({
      code: 'invalid_email',
      field: 'email',
      error: 'Email entered incorrectly',
      errors: { email: { code: 'invalid_email', error: 'Email entered incorrectly' } },
    });
  });

  it('requires the message and caps it at 1500 characters: "Maximum length 1500 characters"', async () => {
    const token = await solvedToken();
    expect((await refused(valid(token, { message: '   ' }))).body).toMatchObject({
      code: 'required',
      field: 'message',
    });
    const long = await refused(valid(token, { message: 'y'.repeat(1501) }));
    expect(long.res.status).toBe(400);
    expect(long.body).toMatchObject({
      code: 'too_long',
      field: 'message',
      info: { length: 1500 },
      error: 'Maximum length 1500 characters',
    });
    // Line breaks arrive as CRLF but count as one character each.
    const { res } = await report(valid(token, { message: `${'z'.repeat(1498)}\r\nz` }));
    expect(res.status).toBe(200);
  });

  it('refuses a file that is not an image: "This file type is not allowed"', async () => {
    const r = await refused(valid(await solvedToken()), {
      file: { bytes: new TextEncoder().encode('<?php echo 1;'), name: 'shot.jpg', type: 'image/jpeg' },
    });
    expect(r.res.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'bad_file_type',
      field: 'file',
      error: 'This file type is not allowed',
    });
    const svg = await refused(valid(await solvedToken()), {
      file: {
        bytes: new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'),
        name: 'a.svg',
        type: 'image/svg+xml',
      },
    });
    expect(svg.body).toMatchObject({ code: 'bad_file_type', field: 'file' });
  });

  it('refuses an image over 5 MB: "The file is too large", read or not', async () => {
    const jpeg = await photoWithExif();
    const padded = new Uint8Array(5 * 1024 * 1024 + 10);
    padded.set(jpeg);
    const over = await refused(valid(await solvedToken()), {
      file: { bytes: padded, name: 'big.jpg', type: 'image/jpeg' },
    });
    expect(over.res.status).toBe(413);
    expect(over.body).toMatchObject({ code: 'file_too_large', field: 'file', info: { max: '5 MB' } });
    expect(over.body.error).toMatch(/^The file is too large/);
    const huge = await refused(valid(await solvedToken()), {
      file: { bytes: new Uint8Array(8 * 1024 * 1024), name: 'huge.jpg', type: 'image/jpeg' },
    });
    expect(huge.res.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'file_too_large', field: 'file' });
  });

  it('refuses a subject outside the four', async () => {
    const r = await refused(valid(await solvedToken(), { subject: 'spam' }));
    expect(r.body).toMatchObject({ code: 'bad_subject', field: 'subject' });
    expect((await refused(valid(await solvedToken(), { subject: '' }))).body.code).toBe('bad_subject');
  });

  it('answers every invalid field at once, without spending the captcha', async () => {
    const token = await solvedToken();
    const r = await refused({ subject: 'x', email: 'no', message: '', captcha: token });
    expect(Object.keys(r.body.errors).sort()).toEqual(['email', 'message', 'subject']);
    expect(r.body).toMatchObject({ code: 'bad_subject', field: 'subject' });
    // The same token still works once the form is right.
    expect((await report(valid(token))).res.status).toBe(200);
  });
});

describe('POST /api/report.php: the captcha', () => {
  const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64');

  it('is required', async () => {
    const before = reportCount();
    const { res, body } = await report(valid(''));
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ code: 'captcha_required', field: 'captcha' });
    expect(reportCount()).toBe(before);
  });

  it('refuses forged tokens: garbage, the widget test mode, a made-up key, a cheapened or re-signed challenge', async () => {
    const before = reportCount();
    const token = await solvedToken();
    const payload = decode(token);
    const forged = [
      'not-base64-json',
      encode({ challenge: null, solution: null, test: true }),
      encode({ ...payload, solution: { ...payload.solution, derivedKey: '00'.repeat(32) } }),
      // A cheaper challenge of the forger's own: the signature no longer matches.
      encode({
        ...payload,
        challenge: { ...payload.challenge, parameters: { ...payload.challenge.parameters, keyPrefix: '0' } },
      }),
      encode({ ...payload, challenge: { ...payload.challenge, signature: 'ab'.repeat(32) } }),
    ];
    for (const captcha of forged) {
      const { res, body } = await report(valid(captcha));
      expect(res.status, captcha).toBe(400);
      expect(body).toMatchObject({ code: 'captcha_invalid', field: 'captcha' });
    }
    expect(reportCount()).toBe(before);
    // The genuine one still passes: forgeries did not burn it.
    expect((await report(valid(token))).res.status).toBe(200);
  });

  it('refuses a replayed token', async () => {
    const token = await solvedToken();
    expect((await report(valid(token))).res.status).toBe(200);
    const again = await report(valid(token));
    expect(again.res.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'captcha_used', field: 'captcha' });
  });

  it('refuses a solved challenge after it expired (30 minutes)', async () => {
    const token = await solvedToken();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60 * 1000);
    const { body } = await report(valid(token));
    expect(body).toMatchObject({ code: 'captcha_invalid', field: 'captcha' });
  });
});

describe('POST /api/report.php: abuse', () => {
  it('refuses another site’s form (Origin check)', async () => {
    const { res } = await report(valid(await solvedToken()), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('accepts at most ten reports per address in ten minutes', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 10; i++)
      expect((await report(valid(await solvedToken()), { ip })).res.status).toBe(200);
    const { res, body } = await report(valid(await solvedToken()), { ip });
    expect(res.status).toBe(429);
    expect(body.code).toBe('too_many_reports');
    expect((await report(valid(await solvedToken()), { ip: '198.51.100.78' })).res.status).toBe(200);
  });
});

describe('the moderation queue', () => {
  it('lists a removal request sent through the form above the other reports', async () => {
    sqlite.prepare("UPDATE reports SET status = 'dismissed'").run();
    const other = sqlite
      .prepare('SELECT id FROM videos WHERE status_id = 1 AND id != ? ORDER BY id LIMIT 1')
      .pluck()
      .get(videoId) as number;
    expect(
      (await report(valid(await solvedToken(), { subject: 'inappropriate', video_id: String(other) }))).res
        .status,
    ).toBe(200);
    expect(
      (await report(valid(await solvedToken(), { subject: 'removal', video_id: String(videoId) }))).res
        .status,
    ).toBe(200);
    const modId = await sut.createMember('report_warden');
    sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(modId);
    const cookie = await sut.signIn('report_warden');
    const { body } = await sut.json('/trpc/moderation.reports', { headers: { cookie } });
    const groups = body.result.data.groups;
    expect(groups[0]).toMatchObject({ key: { section: 'video', id: videoId }, priority: 1 });
    expect(groups[0].reports[0]).toMatchObject({ subject: 'removal', email: 'viewer@example.test' });
    expect(groups[1]).toMatchObject({ key: { section: 'video', id: other }, priority: 0 });
  });
});
