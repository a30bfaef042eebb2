import { execSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { startServer, stop } from './server';
import { benchSession, uploadWithPlainRequests } from './tus-upload';

const fields = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const g = (k: string) => Math.round(Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0) / 1024);
  return { rss: g('VmRSS'), anon: g('RssAnon'), file: g('RssFile'), threads: Number(/Threads:\s+(\d+)/.exec(s)?.[1]) };
};
const server = await startServer(3300);
const base = 'http://127.0.0.1:3300';
try {
  const cookie = await benchSession(base);
  const pid = execSync("pgrep -f '[a]pps/api/src/main.ts'", { encoding: 'utf8' }).trim().split('\n').map(Number)
    .reduce((a, b) => (fields(b).rss > fields(a).rss ? b : a));
  console.log('before', fields(pid));
  await new Promise((r) => setTimeout(r, Number(process.env.IDLE ?? 0)));
  console.log('after idle', fields(pid));
  const peak = { rss: 0, anon: 0, file: 0 };
  const t = setInterval(() => { const f = fields(pid); for (const k of ['rss','anon','file'] as const) peak[k] = Math.max(peak[k], f[k]); }, 50);
  const file = 'data/bench/bench-2g.bin';
  spawnSync('dd', ['if=/dev/zero', `of=${file}`, 'bs=8M', 'count=256']);
  const headers = { cookie, origin: base };
  for (let i = 0; i < Number(process.env.N ?? 2); i++) {
    const url = await uploadWithPlainRequests(base, file, headers);
    console.log('round', i, fields(pid), 'peak', peak);
    await fetch(url, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', ...headers } });
  }
  clearInterval(t);
} finally { stop(server); }
