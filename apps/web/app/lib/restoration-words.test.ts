import { describe, expect, it } from 'vitest';
import { aspectRatio, type RestorationFacts, restorationLines } from './restoration-words';

const TELECINE = {
  tff: 176,
  bff: 0,
  progressive: 4,
  undetermined: 0,
  repeatedNeither: 108,
  repeatedTop: 36,
  repeatedBottom: 36,
};

const QUIET = { integrated: -31.24, truePeak: -20.1, range: 2.3, threshold: -41.5, offset: 0.4 };
const loud = (integrated: number) => ({ ...QUIET, integrated });

/** A telecined, letterboxed, quiet NTSC DV source as the pipeline measured it (restoration corpus). */
function facts(over: Partial<RestorationFacts['plan']> = {}, overrides = {}): RestorationFacts {
  return {
    plan: {
      fields: { mode: 'inverse_telecine', parity: 'tff', source: 'measured' },
      crop: { width: 720, height: 360, x: 0, y: 60, source: 'measured' },
      loudness: { measured: QUIET, target: { integrated: -16, truePeak: -1.5, range: 11 } },
      sampleAspect: 8 / 9,
      basis: {
        fields: TELECINE,
        loudness: QUIET,
        frame: { width: 720, height: 480 },
        display: { width: 640, height: 480 },
        fps: 30000 / 1001,
        measured: { fields: 'inverse_telecine', crop: true, loudness: true },
        overrides,
      },
      ...over,
    },
    output: { width: 640, height: 360, fps: 24000 / 1001 },
  };
}

describe('restoration wording', () => {
  it('says each measured decision with its figures', () => {
    const lines = restorationLines(facts(), 'en');
    expect(lines.map((l) => [l.decision, l.key, l.values])).toEqual([
      [
        'fields',
        'telecine',
        { repeated: '40%', interlaced: '98%', from: '29.97', fps: '23.976', order: 'tff' },
      ],
      ['crop', 'crop', { from: '720×480', to: '720×360', bars: 'letterbox' }],
      ['aspect', 'aspect', { ratio: '8:9', from: '720×360', to: '640×360' }],
      ['loudness', 'loudness', { from: '-31.2', to: '-16', peak: '-1.5' }],
    ]);
    expect(lines.every((l) => !l.byModerator)).toBe(true);
  });

  it('formats the numbers for the moderator’s language', () => {
    const [fields, , , loudness] = restorationLines(facts(), 'de');
    expect(fields.values.fps).toBe('23,976');
    expect(fields.values.repeated).toBe('40\u00a0%');
    expect(loudness.values.from).toBe('-31,2');
    expect(restorationLines(facts(), 'fr')[0].values.from).toBe('29,97');
  });

  it('tells a moderator’s choice from the measured one', () => {
    const lines = restorationLines(
      facts(
        { fields: { mode: 'progressive', parity: 'tff', source: 'moderator' }, crop: null, loudness: null },
        { fields: 'progressive', crop: 'off', loudness: 'off' },
      ),
      'en',
    );
    expect(lines.map((l) => [l.key, l.byModerator, l.measured])).toEqual([
      ['fields_off', true, 'telecine'],
      ['crop_off', true, undefined],
      ['aspect', false, undefined],
      ['loudness_off', true, undefined],
    ]);
    expect(lines[3].values).toEqual({ from: '-31.2' });
  });

  it('names pillarbox and windowbox bars, and says nothing of square pixels', () => {
    const pillar = restorationLines(
      facts({ crop: { width: 540, height: 480, x: 90, y: 0, source: 'measured' }, sampleAspect: 1 }),
      'en',
    );
    expect(pillar[1].values.bars).toBe('pillarbox');
    expect(pillar.some((l) => l.decision === 'aspect')).toBe(false);
    const both = restorationLines(
      facts({ crop: { width: 640, height: 400, x: 40, y: 40, source: 'measured' } }),
      'en',
    );
    expect(both[1].values.bars).toBe('windowbox');
  });

  it('says when nothing needed doing, and when the sound is silent', () => {
    const clean = facts(
      { fields: { mode: 'progressive', parity: 'tff', source: 'measured' }, crop: null, loudness: null },
      {},
    );
    clean.plan.basis!.measured = { fields: 'progressive', crop: false, loudness: false };
    clean.plan.basis!.loudness = loud(-16.4);
    expect(restorationLines(clean, 'en').map((l) => l.key)).toEqual([
      'progressive',
      'crop_none',
      'aspect',
      'loudness_ok',
    ]);
    clean.plan.basis!.loudness = loud(-91);
    expect(restorationLines(clean, 'en')[3].key).toBe('loudness_none');
  });

  it('writes pixel shapes as small ratios', () => {
    expect(aspectRatio(8 / 9)).toEqual([8, 9]);
    expect(aspectRatio(32 / 27)).toEqual([32, 27]);
    expect(aspectRatio(10 / 11)).toEqual([10, 11]);
    expect(aspectRatio(1)).toEqual([1, 1]);
  });
});
