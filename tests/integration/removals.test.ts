import { type ReportsTable, sqliteDataLayer } from '@vt/db';
import type { Challenge } from 'altcha-lib';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobHandlers } from '../../apps/api/src/jobs/handlers';
import { createWorker } from '../../apps/api/src/services/jobs/worker';
import {
  REMOVAL_DEADLINE_SECONDS,
  recordRemovalRequest,
} from '../../apps/api/src/services/moderation/removal-request';
import { createRemovalsRepository } from '../../apps/api/src/services/moderation/removals.repository';
import { createRemovals } from '../../apps/api/src/services/moderation/removals.service';
import { createReportsRepository } from '../../apps/api/src/services/moderation/reports.repository';
import { solveToToken } from './helpers/captcha-token';
import { createTestApp, TEST_MEDIA, type TestApp } from './helpers/test-app';

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let admin: string;
let moderator: string;
let uploader: string;
let other: string;
let uploaderId: number;
let ipSeq = 0;
const HOUR = 3600;

beforeAll(async () => {
  sut = createTestApp({ videos: 30, env: { CAPTCHA_COST: '1', TRUST_PROXY: '1' } });
  sqlite = sut.db.$client;
  const adminId = await sut.createMember('rm_admin');
  const moderatorId = await sut.createMember('rm_moderator');
  uploaderId = await sut.createMember('rm_uploader');
  await sut.createMember('rm_other');
  sqlite.prepare("UPDATE members SET role = 'admin' WHERE id = ?").run(adminId);
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(moderatorId);
  admin = await sut.signIn('rm_admin');
  moderator = await sut.signIn('rm_moderator');
  uploader = await sut.signIn('rm_uploader');
  other = await sut.signIn('rm_other');
});
afterAll(() => sut.close());
afterEach(() => vi.useRealTimers());

/** Moves the app's clock (systemClock reads Date.now) without sleeping. */
const setNow = (unix: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(unix * 1000);
};
const now = () => Math.floor(Date.now() / 1000);

async function trpc(path: string, input: unknown, cookie?: string, method: 'GET' | 'POST' = 'POST') {
  const headers: Record<string, string> = { 'x-forwarded-for': `198.51.100.${++ipSeq % 250}` };
  if (cookie) headers.cookie = cookie;
  if (method === 'GET')
    return sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  return sut.json(`/trpc/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: sut.config.publicOrigin },
    body: JSON.stringify(input ?? {}),
  });
}
const query = (path: string, input: unknown, cookie?: string) => trpc(path, input, cookie, 'GET');
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
const outbox = () => sut.services.mailer.outbox?.() ?? [];

let seq = 0;
/** A published video of the uploader. */
function video(title = `Removal Reel ${++seq}`) {
  return Number(
    sqlite
      .prepare(
        `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id, media_path,
           duration_sec, width, height, timeline_count, timeline_interval, content_hash)
         VALUES (?, ?, 'An invented test pattern.', 1, 'straight', unixepoch(), unixepoch(), ?, ?, 700, 640, 360, 2, 5, ?)`,
      )
      .run(title.toLowerCase().replaceAll(' ', '-'), title, uploaderId, TEST_MEDIA, `hash-${title}`)
      .lastInsertRowid,
  );
}
const statusOf = (id: number) =>
  sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(id) as number;

/** A report (and its deadline request when `signature` is given) as the form would store it, at `at`. */
async function storedReport(
  videoId: number,
  subject: ReportsTable['subject'],
  at: number,
  opts: { signature?: string; email?: string } = {},
) {
  const id = Number(
    sqlite
      .prepare(
        `INSERT INTO reports (subject, email, message, target_section, target_id, priority, created_at)
         VALUES (?, ?, 'Please remove this.', 'video', ?, ?, ?)`,
      )
      .run(subject, opts.email ?? 'person@example.test', videoId, subject === 'technical' ? 0 : 1, at)
      .lastInsertRowid,
  );
  if (opts.signature)
    await recordRemovalRequest(createReportsRepository(sqliteDataLayer(sqlite)), {
      reportId: id,
      kind: subject === 'ncii' ? 'ncii' : 'removal',
      signature: opts.signature,
      content: `${sut.config.publicOrigin}/videos/${videoId}/`,
      now: at,
      lang: 'en',
    });
  return id;
}
const closeAll = () => sqlite.prepare("UPDATE reports SET status = 'dismissed' WHERE status = 'open'").run();

const solvedToken = async () =>
  solveToToken((await (await sut.request('/api/captcha.php')).json()) as Challenge);
async function report(fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, captcha: await solvedToken() })) form.append(k, v);
  return sut.json('/api/report.php', {
    method: 'POST',
    headers: { origin: sut.config.publicOrigin, 'x-forwarded-for': `203.0.113.${++ipSeq % 250}` },
    body: form,
  });
}

describe('removal requests with a 48-hour deadline', () => {
  it('a complete depicted-person request gets a deadline 48 hours from when it arrived', async () => {
    const v = video();
    const at = now() - 600;
    setNow(at);
    const { res } = await report({
      subject: 'copyright',
      depicted: '1',
      video_id: String(v),
      email: 'me@example.test',
      message: 'This is me and I never agreed to this.',
      referrer: `${sut.config.publicOrigin}/videos/${v}/x/`,
      signature: 'Jane Example',
      good_faith: '1',
    });
    expect(res.status).toBe(200);
    const row = sqlite
      .prepare(
        `SELECT r.subject, r.priority, r.created_at, rr.kind, rr.signature, rr.content, rr.deadline_at, rr.good_faith_at
         FROM reports r JOIN removal_requests rr ON rr.report_id = r.id WHERE r.target_id = ?`,
      )
      .get(v) as Record<string, unknown>;
    expect(row).toMatchObject({
      subject: 'removal',
      priority: 1,
      created_at: at,
      kind: 'removal',
      signature: 'Jane Example',
      content: `${sut.config.publicOrigin}/videos/${v}/x/`,
      deadline_at: at + 48 * HOUR,
      good_faith_at: at,
    });
    expect(REMOVAL_DEADLINE_SECONDS).toBe(48 * HOUR);
  });

  it('a non-consensual imagery report needs every field the Act asks for', async () => {
    const { res, body } = await report({
      subject: 'ncii',
      email: 'me@example.test',
      message: 'Someone posted this without my consent.',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(body.errors).sort()).toEqual(['content_url', 'good_faith', 'signature']);
    const bad = await report({
      subject: 'ncii',
      email: 'me@example.test',
      message: 'Someone posted this without my consent.',
      signature: 'Jane Example',
      good_faith: '1',
      content_url: 'javascript:alert(1)',
    });
    expect(bad.body.errors.content_url.code).toBe('invalid_url');
    const before = sqlite.prepare('SELECT count(*) FROM removal_requests').pluck().get() as number;
    const ok = await report({
      subject: 'ncii',
      email: 'me@example.test',
      message: 'Someone posted this without my consent.',
      signature: 'Jane Example',
      good_faith: 'on',
      content_url: 'https://elsewhere.example/clip/1',
    });
    expect(ok.res.status).toBe(200);
    expect(sqlite.prepare('SELECT count(*) FROM removal_requests').pluck().get()).toBe(before + 1);
  });

  it('the queue puts deadline requests first, nearest deadline on top, and shows each deadline', async () => {
    closeAll();
    const t = now();
    const plain = await storedReport(video(), 'removal', t - 5 * 86_400);
    const later = await storedReport(video(), 'ncii', t - HOUR, { signature: 'A' });
    const sooner = await storedReport(video(), 'removal', t - 40 * HOUR, { signature: 'B' });
    const technical = await storedReport(video(), 'technical', t - 9 * 86_400);
    const groups = data(await query('moderation.reports', undefined, moderator)).groups as any[];
    const ids = groups.map((g) => g.reports[0].id);
    expect(ids).toEqual([sooner, later, plain, technical]);
    expect(groups[0].deadline).toBe(t - 40 * HOUR + 48 * HOUR);
    expect(groups[0].reports[0]).toMatchObject({ signature: 'B', deadlineAt: groups[0].deadline });
    expect(groups[2].deadline).toBeNull();
  });

  it('mails the team once as a deadline nears and once when it is missed, as the clock moves', async () => {
    closeAll();
    const t0 = now();
    const id = await storedReport(video(), 'removal', t0, { signature: 'C' });
    const alertsFor = (kind: string) =>
      outbox().filter((m) => m.subject.includes(`#${id}:`) && m.subject.includes(kind));
    const team = sqlite
      .prepare("SELECT count(*) FROM members WHERE role IN ('moderator', 'admin') AND status = 'active'")
      .pluck()
      .get() as number;
    const drain = () =>
      createWorker({
        queue: sut.services.jobs,
        handlers: createJobHandlers(sut.services),
        log: pino({ level: 'silent' }),
      }).drain();
    const run = async () => {
      await sut.services.jobs.enqueue('removals.deadlines', {});
      await drain();
    };

    setNow(t0 + 35 * HOUR); // 13 h left: nothing yet
    await run();
    expect(alertsFor('left')).toHaveLength(0);
    setNow(t0 + 37 * HOUR); // 11 h left
    await run();
    expect(alertsFor('left')).toHaveLength(team);
    expect(alertsFor('left')[0]!.subject).toContain('11 h left');
    expect(alertsFor('left')[0]!.text).toContain('/moderation/reports/');
    setNow(t0 + 40 * HOUR);
    await run();
    expect(alertsFor('left')).toHaveLength(team);
    expect(alertsFor('missed')).toHaveLength(0);
    setNow(t0 + 48 * HOUR + 60);
    await run();
    await run();
    expect(alertsFor('missed')).toHaveLength(team);
    expect(alertsFor('left')).toHaveLength(team);
    expect(
      sqlite.prepare('SELECT kind FROM deadline_alerts WHERE report_id = ? ORDER BY kind').pluck().all(id),
    ).toEqual(['approaching', 'missed']);
    // The queue marks the deadline as missed.
    const group = (data(await query('moderation.reports', undefined, moderator)).groups as any[]).find(
      (g) => g.reports[0].id === id,
    );
    expect(group.deadlineMissed).toBe(true);
  });

  it('a request first seen after its deadline gets only the "missed" mail', async () => {
    closeAll();
    const id = await storedReport(video(), 'ncii', now() - 50 * HOUR, { signature: 'D' });
    const before = outbox().filter((m) => m.subject.includes(`#${id}:`)).length;
    expect(await sut.services.moderation.removals.escalate()).toMatchObject({ missed: 1, approaching: 0 });
    expect(await sut.services.moderation.removals.escalate()).toMatchObject({ missed: 0, approaching: 0 });
    const mails = outbox().filter((m) => m.subject.includes(`#${id}:`));
    expect(mails.length - before).toBeGreaterThan(0);
    expect(mails.every((m) => m.subject.includes('missed'))).toBe(true);
  });
});

describe('removal covers known near-duplicates', () => {
  it('takes every copy down with the reported video, audited, and tells each uploader', async () => {
    const original = video();
    const copyA = video();
    const copyB = video();
    const unrelated = video();
    await storedReport(original, 'ncii', now(), { signature: 'E' });
    const s = sut.services;
    const removals = createRemovals({
      repo: createRemovalsRepository(sqliteDataLayer(sqlite)),
      clock: s.clock,
      publish: s.publish,
      notifications: s.notifications,
      mailer: s.mailer,
      origin: sut.config.publicOrigin,
      nearDuplicates: { copiesOf: async (id) => (id === original ? [copyA, copyB, original] : []) },
    });
    const modId = sqlite
      .prepare("SELECT id FROM members WHERE name = 'rm_moderator'")
      .pluck()
      .get() as number;
    expect((await removals.takeDown(modId, original, 'Non-consensual')).removed).toEqual([
      original,
      copyA,
      copyB,
    ]);
    expect([original, copyA, copyB, unrelated].map(statusOf)).toEqual([5, 5, 5, 1]);
    const rows = sqlite
      .prepare(
        'SELECT video_id, reason, copy_of, prior_status FROM removals WHERE video_id IN (?, ?, ?) ORDER BY id',
      )
      .all(original, copyA, copyB);
    expect(rows).toEqual([
      { video_id: original, reason: 'ncii', copy_of: null, prior_status: 1 },
      { video_id: copyA, reason: 'ncii', copy_of: original, prior_status: 1 },
      { video_id: copyB, reason: 'ncii', copy_of: original, prior_status: 1 },
    ]);
    const audited = sqlite
      .prepare(
        "SELECT target_id, after FROM audit_log WHERE action = 'video.takedown' AND target_id IN (?, ?)",
      )
      .all(copyA, copyB) as { target_id: number; after: string }[];
    expect(audited.map((a) => JSON.parse(a.after))).toEqual([
      { status_id: 5, reason: 'ncii', copy_of: original },
      { status_id: 5, reason: 'ncii', copy_of: original },
    ]);
    expect(
      sqlite
        .prepare(
          "SELECT count(*) FROM notifications WHERE kind = 'video_taken_down' AND json_extract(params, '$.id') = ?",
        )
        .pluck()
        .get(copyB),
    ).toBe(1);
    expect(
      sqlite
        .prepare("SELECT status FROM reports WHERE target_id = ? AND subject = 'ncii'")
        .pluck()
        .get(original),
    ).toBe('actioned');
  });

  it('the default finder takes down only the reported video', async () => {
    const v = video();
    const r = await trpc('moderation.takeDown', { videoId: v, note: 'copyright' }, moderator);
    expect(data(r)).toEqual({ ok: true, removed: [v] });
  });
});

describe('appeals', () => {
  it('the uploader appeals a removal once; another member gets not found; reversing restores the video', async () => {
    const v = video();
    await storedReport(v, 'inappropriate', now());
    await trpc('moderation.takeDown', { videoId: v, note: 'Looks inappropriate' }, moderator);
    expect(statusOf(v)).toBe(5);

    const notYours = await trpc(
      'appeals.appealRemoval',
      { videoId: v, statement: 'Not your video at all.' },
      other,
    );
    expect(notYours.res.status).toBe(404);
    expect((await query('appeals.removal', { videoId: v }, other)).res.status).toBe(404);
    const signedOut = await trpc('appeals.appealRemoval', { videoId: v, statement: 'Signed out attempt.' });
    expect(signedOut.res.status).toBe(401);
    const short = await trpc('appeals.appealRemoval', { videoId: v, statement: 'short' }, uploader);
    expect(short.res.status).toBe(400);
    const long = await trpc('appeals.appealRemoval', { videoId: v, statement: 'x'.repeat(2001) }, uploader);
    expect(long.res.status).toBe(400);

    const info = data(await query('appeals.removal', { videoId: v }, uploader));
    expect(info).toMatchObject({ videoId: v, reason: 'inappropriate', appeal: null });
    const filed = await trpc(
      'appeals.appealRemoval',
      { videoId: v, statement: 'This is a test pattern from my own camera.' },
      uploader,
    );
    expect(filed.res.status).toBe(200);
    const again = await trpc(
      'appeals.appealRemoval',
      { videoId: v, statement: 'Second try at appealing.' },
      uploader,
    );
    expect(again.res.status).toBe(409);
    expect(again.body.error.data.code).toBe('already_appealed');

    const queue = data(await query('moderation.appeals', undefined, moderator)).appeals as any[];
    const appeal = queue.find((a) => a.videoId === v);
    expect(appeal).toMatchObject({ kind: 'removal', ground: 'inappropriate', memberName: 'rm_uploader' });
    expect((await query('moderation.appeals', undefined, uploader)).res.status).toBe(404);
    const notMod = await trpc(
      'moderation.decideAppeal',
      { appealId: appeal.id, reverse: true, note: '' },
      uploader,
    );
    expect(notMod.res.status).toBe(404);

    const decided = await trpc(
      'moderation.decideAppeal',
      { appealId: appeal.id, reverse: true, note: 'Our mistake' },
      moderator,
    );
    expect(data(decided)).toEqual({ status: 'reversed' });
    expect(statusOf(v)).toBe(1);
    const audit = sqlite
      .prepare("SELECT reason, after FROM audit_log WHERE action = 'appeal.reverse' AND target_id = ?")
      .get(appeal.id) as { reason: string; after: string };
    expect(audit.reason).toBe('Our mistake');
    expect(JSON.parse(audit.after)).toEqual({ status: 'reversed', restored_video: v });
    expect(
      sqlite
        .prepare("SELECT params FROM notifications WHERE member_id = ? AND kind = 'appeal_reversed'")
        .pluck()
        .all(uploaderId)
        .map((p) => JSON.parse(p as string).id),
    ).toContain(v);
    const twice = await trpc(
      'moderation.decideAppeal',
      { appealId: appeal.id, reverse: false, note: '' },
      moderator,
    );
    expect(twice.res.status).toBe(404);
  });

  it('a requester appeals a declined request by the mailed link; a wrong token is not found; reversing removes', async () => {
    const v = video();
    const reportId = await storedReport(v, 'removal', now(), {
      signature: 'F',
      email: 'requester@example.test',
    });
    const dismissed = await trpc(
      'moderation.dismiss',
      { key: { section: 'video', id: v }, note: 'Not the person shown' },
      moderator,
    );
    expect(data(dismissed)).toEqual({ dismissed: 1 });
    const mail = outbox().find(
      (m) => m.to === 'requester@example.test' && m.subject.includes(`#${reportId}`),
    );
    expect(mail?.text).toContain('Not the person shown');
    const token = /\/appeal\/\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token.length).toBe(32);

    const wrong = await trpc('appeals.appealRejection', {
      token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      statement: 'I really am the person shown.',
    });
    expect(wrong.res.status).toBe(404);
    const ok = await trpc('appeals.appealRejection', { token, statement: 'I really am the person shown.' });
    expect(ok.res.status).toBe(200);
    const again = await trpc('appeals.appealRejection', {
      token,
      statement: 'I really am the person shown.',
    });
    expect(again.res.status).toBe(409);

    const appeal = (data(await query('moderation.appeals', undefined, moderator)).appeals as any[]).find(
      (a) => a.kind === 'rejection' && a.videoId === v,
    );
    expect(appeal).toMatchObject({ ground: 'removal', email: 'requester@example.test' });
    const decided = await trpc(
      'moderation.decideAppeal',
      { appealId: appeal.id, reverse: true, note: 'Identity confirmed' },
      moderator,
    );
    expect(data(decided)).toEqual({ status: 'reversed' });
    expect(statusOf(v)).toBe(5);
    expect(sqlite.prepare('SELECT reason, report_id FROM removals WHERE video_id = ?').get(v)).toEqual({
      reason: 'removal',
      report_id: reportId,
    });
    const told = outbox().find(
      (m) => m.to === 'requester@example.test' && m.text.includes('Identity confirmed'),
    );
    expect(told?.text).toContain('removed');
  });

  it('upholding tells the uploader and leaves the video down', async () => {
    const v = video();
    await trpc('moderation.takeDown', { videoId: v, note: 'Rule break' }, moderator);
    await trpc('appeals.appealRemoval', { videoId: v, statement: 'Please look again at it.' }, uploader);
    const appeal = (data(await query('moderation.appeals', undefined, moderator)).appeals as any[]).find(
      (a) => a.videoId === v,
    );
    expect(
      data(
        await trpc(
          'moderation.decideAppeal',
          { appealId: appeal.id, reverse: false, note: 'Stands' },
          moderator,
        ),
      ),
    ).toEqual({
      status: 'upheld',
    });
    expect(statusOf(v)).toBe(5);
    expect(data(await query('appeals.removal', { videoId: v }, uploader)).appeal.status).toBe('upheld');
  });
});

describe('transparency report', () => {
  it('counts per month and reason and exports the same figures as CSV and JSON, to admins only', async () => {
    const month = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 7);
    // A month in the past nothing else touches: 2024-03.
    const base = Date.UTC(2024, 2, 10) / 1000;
    const v1 = video();
    const v2 = video();
    const r1 = await storedReport(v1, 'copyright', base);
    const r2 = await storedReport(v2, 'copyright', base + 100);
    await storedReport(v2, 'technical', base + 200);
    sqlite
      .prepare("UPDATE reports SET status = 'actioned', resolved_at = created_at + ? WHERE id = ?")
      .run(2 * HOUR, r1);
    sqlite
      .prepare("UPDATE reports SET status = 'dismissed', resolved_at = created_at + ? WHERE id = ?")
      .run(6 * HOUR, r2);
    const removal = Number(
      sqlite
        .prepare(
          "INSERT INTO removals (video_id, reason, report_id, prior_status, created_at) VALUES (?, 'copyright', ?, 1, ?)",
        )
        .run(v1, r1, base + 2 * HOUR).lastInsertRowid,
    );
    sqlite
      .prepare(
        `INSERT INTO appeals (kind, removal_id, video_id, ground, statement, status, created_at, decided_at)
         VALUES ('removal', ?, ?, 'copyright', 'Mine.', 'reversed', ?, ?)`,
      )
      .run(removal, v1, base + 3 * HOUR, base + 4 * HOUR);
    expect(month(base)).toBe('2024-03');

    const r = await query('moderation.transparency', { from: '2024-03', to: '2024-03' }, admin);
    expect(data(r).rows).toEqual([
      {
        month: '2024-03',
        reason: 'copyright',
        reportsReceived: 2,
        removals: 1,
        medianSecondsToAction: 4 * HOUR,
        appealsReceived: 1,
        appealsReversed: 1,
      },
      {
        month: '2024-03',
        reason: 'technical',
        reportsReceived: 1,
        removals: 0,
        medianSecondsToAction: null,
        appealsReceived: 0,
        appealsReversed: 0,
      },
    ]);
    expect(
      (await query('moderation.transparency', { from: '2024-03', to: '2024-03' }, moderator)).res.status,
    ).toBe(404);
    expect(
      (await query('moderation.transparency', { from: '2024-04', to: '2024-03' }, admin)).res.status,
    ).toBe(400);

    const csv = await sut.request('/api/moderation/transparency.csv?from=2024-01&to=2024-03', {
      headers: { cookie: admin },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('cache-control')).toBe('private, no-store');
    expect(csv.headers.get('content-disposition')).toContain('transparency-2024-01-to-2024-03.csv');
    expect((await csv.text()).split('\r\n')).toEqual([
      'month,reason,reports_received,removals,median_hours_to_action,appeals_received,appeals_reversed',
      '2024-03,copyright,2,1,4.0,1,1',
      '2024-03,technical,1,0,,0,0',
      '',
    ]);
    const json = await sut.json('/api/moderation/transparency.json?from=2024-03&to=2024-03', {
      headers: { cookie: admin },
    });
    expect(json.body).toMatchObject({ from: '2024-03', to: '2024-03', rows: data(r).rows });
    for (const cookie of [moderator, uploader, undefined]) {
      const denied = await sut.request('/api/moderation/transparency.csv?from=2024-03&to=2024-03', {
        headers: cookie ? { cookie } : {},
      });
      expect(denied.status).toBe(404);
    }
    const bad = await sut.request('/api/moderation/transparency.json?from=2024-3&to=2024-03', {
      headers: { cookie: admin },
    });
    expect(bad.status).toBe(400);
  });
});
