/** One `-progress` report: ffmpeg prints key=value lines and closes each block with `progress=`. */
export interface ProgressReport {
  outTimeSec: number | null;
  speed: number | null;
  end: boolean;
}

function clockSeconds(text: string): number | null {
  const m = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text);
  if (!m) return null;
  return m[1] ? 0 : Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

function microseconds(text: string | undefined): number | null {
  if (text === undefined || !/^-?\d+$/.test(text)) return null;
  return Math.max(0, Number(text) / 1e6);
}

function reportOf(fields: Map<string, string>): ProgressReport {
  // out_time_ms is in microseconds too (a historical ffmpeg quirk); out_time_us is the honest name.
  const outTimeSec =
    microseconds(fields.get('out_time_us')) ??
    microseconds(fields.get('out_time_ms')) ??
    clockSeconds(fields.get('out_time') ?? '');
  const speed = Number.parseFloat((fields.get('speed') ?? '').replace(/x$/, ''));
  return {
    outTimeSec,
    speed: Number.isFinite(speed) ? speed : null,
    end: fields.get('progress') === 'end',
  };
}

/** Incremental parser for `ffmpeg -progress pipe:1` output; feed it stdout chunks as they come. */
export class ProgressParser {
  private partial = '';
  private fields = new Map<string, string>();

  feed(chunk: string): ProgressReport[] {
    const lines = (this.partial + chunk).split(/\r?\n/);
    this.partial = lines.pop() ?? '';
    const reports: ProgressReport[] = [];
    for (const line of lines) {
      const eq = line.indexOf('=');
      if (eq <= 0) continue;
      const key = line.slice(0, eq).trim();
      this.fields.set(key, line.slice(eq + 1).trim());
      if (key === 'progress') {
        reports.push(reportOf(this.fields));
        this.fields = new Map();
      }
    }
    return reports;
  }
}
