/** Keeps the last `max` lines of a text stream (ffmpeg's stderr), for error messages. */
export class LineTail {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly max = 50) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n|\r/);
    this.partial = parts.pop() ?? '';
    for (const line of parts) if (line.trim()) this.lines.push(line);
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }

  toString(): string {
    const all = this.partial.trim() ? [...this.lines, this.partial] : this.lines;
    return all.slice(-this.max).join('\n');
  }
}
