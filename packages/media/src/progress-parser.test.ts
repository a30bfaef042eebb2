import { describe, expect, it } from 'vitest';
import { ProgressParser } from './progress-parser';

const block = (us: string, speed: string, progress: string) =>
  `frame=10\nfps=0.0\nout_time_us=${us}\nout_time_ms=${us}\nout_time=00:00:01.000000\nspeed=${speed}\nprogress=${progress}\n`;

describe('ProgressParser', () => {
  it('reports each block, across chunk boundaries', () => {
    const parser = new ProgressParser();
    const text = block('1500000', '2.5x', 'continue') + block('4000000', 'N/A', 'end');
    const first = parser.feed(text.slice(0, 30));
    const rest = parser.feed(text.slice(30));
    expect([...first, ...rest]).toEqual([
      { outTimeSec: 1.5, speed: 2.5, end: false },
      { outTimeSec: 4, speed: null, end: true },
    ]);
  });

  it('falls back to out_time and clamps the negative times of the first report', () => {
    const parser = new ProgressParser();
    expect(parser.feed('out_time_us=N/A\nout_time=00:01:02.500000\nprogress=continue\n')).toEqual([
      { outTimeSec: 62.5, speed: null, end: false },
    ]);
    expect(parser.feed('out_time_us=-9223372036854775807\nprogress=continue\n')[0].outTimeSec).toBe(0);
  });
});
