/** A one-line progress bar for command-line tools: redrawn in a terminal, every 25% in logs. */
export function createProgressBar(prefix: string) {
  let last = '';
  return (stage: string, done: number, total: number) => {
    const pct = total > 0 ? Math.floor((done / total) * 100) : 100;
    const line = `${prefix}: ${stage} ${'#'.repeat(pct / 5).padEnd(20, '.')} ${pct}% (${done}/${total})`;
    if (line === last) return;
    last = line;
    if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
    else if (done === total || pct % 25 === 0) console.log(line);
  };
}
