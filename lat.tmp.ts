import { randomListingPaths } from './scripts/bench/listing-latency';
import { startServer, stop } from './scripts/bench/server';

const s = await startServer(3300);
const main = (await (await fetch('http://127.0.0.1:3300/api/json/main/0/straight.en.json')).json()) as any;
const paths = randomListingPaths(
  2000,
  main.categories.slice(0, 20).map((c: any) => c.dir),
);
const run = async () => {
  const times: [number, string][] = [];
  for (const p of paths) {
    const t = performance.now();
    await (await fetch('http://127.0.0.1:3300' + p)).arrayBuffer();
    times.push([performance.now() - t, p]);
  }
  times.sort((a, b) => b[0] - a[0]);
  return times;
};
const first = await run();
console.log('pass1 p99', first[20][0].toFixed(1));
for (const [t, p] of first.slice(0, 12))
  console.log(t.toFixed(1), p.replace('/api/json/videos2/0/straight/', ''));
const second = await run();
console.log('pass2 p99', second[20][0].toFixed(1));
for (const [t, p] of second.slice(0, 12))
  console.log(t.toFixed(1), p.replace('/api/json/videos2/0/straight/', ''));
stop(s);
process.exit(0);
