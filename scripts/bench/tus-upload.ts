import { execSync, spawnSync } from 'node:child_process';
import { createReadStream, type ReadStream, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import * as tus from 'tus-js-client';
import { median } from './median';
import { rss } from './server';

const BYTES = 2 * 1024 ** 3;

/** A member session on the bench server: register, confirm through the outbox, sign in. */
export async function benchSession(base: string): Promise<string> {
  const name = `bench${Date.now() % 1_000_000}`;
  const headers = { origin: base, 'content-type': 'application/x-www-form-urlencoded' };
  await fetch(`${base}/api/register.php`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ adult: '1', usr: name, pwd: 'bench-pass', email: `${name}@bench.test` }),
  });
  const mail = (await (await fetch(`${base}/dev/mail.json`)).json()) as { to: string; text: string }[];
  const token = new URL(
    /https?:\/\/\S+/.exec(mail.find((m) => m.to === `${name}@bench.test`)!.text)![0],
  ).searchParams.get('token');
  await fetch(`${base}/trpc/auth.confirm`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  const login = await fetch(`${base}/api/login.php`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ adult: '1', usr: name, pwd: 'bench-pass' }),
  });
  return login.headers.getSetCookie()[0].split(';')[0];
}

const CHUNK_BYTES = 50 * 1024 * 1024;
const META = { filename: 'benchreel.mp4', title: 'Bench upload', adult: '1' };

/**
 * The file read the way a browser hands tus-js-client a Blob slice: in large pieces. tus-js-client's own
 * Node file source streams each chunk in 64 KB reads.
 */
const largeReads = (path: string, size: number): tus.UploadOptions['fileReader'] => ({
  openFile: async () => ({
    size,
    slice: async (start: number, end: number) => {
      const value = createReadStream(path, {
        start,
        end: end - 1,
        highWaterMark: 1024 ** 2,
      }) as ReadStream & {
        size: number;
      };
      value.size = Math.min(end, size) - start;
      return { value, done: end >= size };
    },
    close: () => {},
  }),
});

/** The whole file through tus-js-client (what the add-video page runs), 50 MB per PATCH. */
function uploadWithTusJsClient(base: string, file: string, headers: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const u = new tus.Upload(createReadStream(file), {
      fileReader: largeReads(file, BYTES),
      endpoint: `${base}/api/upload/`,
      uploadSize: statSync(file).size,
      chunkSize: CHUNK_BYTES,
      metadata: META,
      headers,
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(u.url!),
    });
    u.start();
  });
}

/**
 * The whole file as a lean tus client sends it: one creation POST, then 50 MB PATCHes, each streamed from
 * the file in 1 MB reads, as curl would. Measures the server, where tus-js-client under Node tops out
 * near 350 MB/s against any server on this machine.
 */
export async function uploadWithPlainRequests(
  base: string,
  file: string,
  headers: Record<string, string>,
  bytes = BYTES,
) {
  const created = await fetch(`${base}/api/upload/`, {
    method: 'POST',
    headers: {
      ...headers,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(bytes),
      'Upload-Metadata': Object.entries(META)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    },
  });
  if (created.status !== 201) throw new Error(`tus creation answered ${created.status}`);
  const url = new URL(created.headers.get('location')!, `${base}/api/upload/`);
  for (let offset = 0; offset < bytes; offset += CHUNK_BYTES) {
    const end = Math.min(offset + CHUNK_BYTES, bytes);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'PATCH',
          headers: {
            ...headers,
            'Tus-Resumable': '1.0.0',
            'Upload-Offset': String(offset),
            'Content-Type': 'application/offset+octet-stream',
            'Content-Length': String(end - offset),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      createReadStream(file, { start: offset, end: end - 1, highWaterMark: 1024 ** 2 }).pipe(req);
    });
    if (status !== 204) throw new Error(`PATCH at ${offset} answered ${status}`);
  }
  return url.href;
}

/** dd writing BYTES of zeros to `file` and syncing them: the disk's write rate, in bytes per second. */
function ddThroughput(file: string): number {
  const dd = spawnSync(
    'dd',
    ['if=/dev/zero', `of=${file}`, 'bs=8M', `count=${BYTES / (8 * 1024 ** 2)}`, 'conv=fsync'],
    { encoding: 'utf8' },
  );
  return BYTES / Number(/([\d.]+) s,/.exec(dd.stderr)?.[1] ?? Number.NaN);
}

/**
 * Waits until the server runs no job and has none due (a fresh start on the bench database can owe an
 * hourly stats roll-up that reads it into SQLite's page cache), so its memory moves with the uploads.
 */
export async function settle(dbFile: string): Promise<void> {
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const busy = db.prepare(
      "SELECT count(*) AS n FROM jobs WHERE status = 'running' OR (status = 'queued' AND run_at <= ?)",
    );
    const until = Date.now() + 600_000;
    while (Date.now() < until && (busy.get(Math.floor(Date.now() / 1000)) as { n: number }).n > 0)
      await new Promise((r) => setTimeout(r, 500));
  } finally {
    db.close();
  }
}

const ROUNDS = Number(process.env.BENCH_TUS_ROUNDS ?? 3);

/**
 * 2 GB tus uploads over loopback in 50 MB chunks: throughput against `dd` writing the same bytes to the
 * same disk, and how much the server's RSS grows meanwhile. The disk's speed swings from minute to minute
 * on a shared machine, so each round measures dd right before its uploads, and the ratio is the median of
 * the rounds' ratios. Both clients run; the ratio is the lean client's, tus-js-client's is reported beside it.
 */
export async function benchTusUpload(base: string, dataDir: string) {
  const file = join(dataDir, 'bench-2g.bin');
  const cookie = await benchSession(base);
  const headers = { cookie, origin: base };
  await settle(join(dataDir, 'site.db'));
  // The server is the node process under npx and tsx that runs main.ts: the biggest of the matches.
  const pids = execSync("pgrep -f '[a]pps/api/src/main.ts'", { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number);
  const pid = pids.reduce((a, b) => (rss(b) > rss(a) ? b : a));
  const rssBefore = rss(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rss(pid));
  }, 100);

  const timed = async (upload: () => Promise<string>) => {
    const started = performance.now();
    const url = await upload();
    const seconds = (performance.now() - started) / 1000;
    // The upload is junk (zeros): drop it before the ingest job gets to it.
    await fetch(url, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...headers } });
    return BYTES / seconds;
  };
  const rounds: { ddMBps: number; tusMBps: number; tusJsClientMBps: number; ratio: number }[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const dd = ddThroughput(file);
      const lean = await timed(() => uploadWithPlainRequests(base, file, headers));
      const tusJs = await timed(() => uploadWithTusJsClient(base, file, headers));
      const mb = (bps: number) => Math.round((bps / 1024 ** 2) * 10) / 10;
      rounds.push({ ddMBps: mb(dd), tusMBps: mb(lean), tusJsClientMBps: mb(tusJs), ratio: lean / dd });
      console.log(
        `  tus round ${round}/${ROUNDS}: dd ${mb(dd)} MB/s, lean client ${mb(lean)} MB/s, tus-js-client ${mb(tusJs)} MB/s`,
      );
    }
  } finally {
    clearInterval(sampler);
    rmSync(file, { force: true });
  }
  return {
    bytes: BYTES,
    rounds,
    ddMBps: median(rounds.map((r) => r.ddMBps)),
    tusMBps: median(rounds.map((r) => r.tusMBps)),
    tusJsClientMBps: median(rounds.map((r) => r.tusJsClientMBps)),
    ratio: median(rounds.map((r) => r.ratio)),
    targetRatio: 0.5,
    rssBeforeMB: rssBefore / 1024 ** 2,
    rssGrowthMB: (rssPeak - rssBefore) / 1024 ** 2,
    targetRssGrowthMB: 100,
  };
}
