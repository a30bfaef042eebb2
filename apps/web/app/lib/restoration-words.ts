/**
 * The restoration decisions of a pending video as the moderation page says them (ADR 0039): one line per
 * decision, each a string key under `moderation.restoration.line` and its values, numbers already
 * formatted for the moderator's language. Pure, so the wording's inputs are unit-tested.
 */
import type { apiClient } from './api-client';

type VideoItem = Extract<
  Awaited<ReturnType<ReturnType<typeof apiClient>['moderation']['queue']['query']>>['items'][number],
  { kind: 'video' }
>;

/** What the queue answers about one video's restoration (apps/api/src/services/moderation/restoration.service.ts). */
export type RestorationFacts = Pick<NonNullable<VideoItem['restoration']>, 'plan' | 'output'>;

export type LineKey =
  | 'telecine'
  | 'deinterlace'
  | 'progressive'
  | 'fields_off'
  | 'crop'
  | 'crop_none'
  | 'crop_off'
  | 'aspect'
  | 'loudness'
  | 'loudness_ok'
  | 'loudness_off'
  | 'loudness_none';

export interface RestorationLine {
  decision: 'fields' | 'crop' | 'aspect' | 'loudness';
  key: LineKey;
  values: Record<string, string>;
  /** Set by a moderator rather than by the measurements. */
  byModerator: boolean;
  /** What the measurements alone decided, when a moderator chose otherwise (a field mode key). */
  measured?: 'telecine' | 'deinterlace' | 'progressive';
}

/** A pixel shape as a small ratio: 0.888… → 8:9, 1.185… → 32:27. Pure. */
export function aspectRatio(value: number): [number, number] {
  let best: [number, number] = [Math.round(value), 1];
  let error = Math.abs(value - best[0]);
  for (let den = 1; den <= 100 && error > 1e-3; den++) {
    const num = Math.round(value * den);
    const e = Math.abs(value - num / den);
    if (e < error - 1e-9) {
      best = [num, den];
      error = e;
    }
  }
  return best;
}

const FIELD_KEYS = {
  inverse_telecine: 'telecine',
  deinterlace: 'deinterlace',
  progressive: 'progressive',
} as const;

/** Every decision in words, in the page's order: fields, crop, pixel aspect, loudness. Pure. */
export function restorationLines(facts: RestorationFacts, lang: string): RestorationLine[] {
  const { plan, output } = facts;
  const basis = plan.basis;
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  const decimal = (digits: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: digits });
  const size = (w: number, h: number) => {
    const n = new Intl.NumberFormat(lang, { useGrouping: false });
    return `${n.format(w)}×${n.format(h)}`;
  };
  const lines: RestorationLine[] = [];

  // Fields: what idet saw, and the rate that came out.
  const c = basis?.fields;
  const repeats = c ? c.repeatedTop + c.repeatedBottom : 0;
  const repeatFrames = c ? repeats + c.repeatedNeither : 0;
  const interlaced = c ? c.tff + c.bff : 0;
  const judged = c ? interlaced + c.progressive : 0;
  const fieldValues = {
    repeated: percent.format(repeatFrames ? repeats / repeatFrames : 0),
    interlaced: percent.format(judged ? interlaced / judged : 0),
    from: basis?.fps ? decimal(3).format(basis.fps) : '—',
    fps: output.fps ? decimal(3).format(output.fps) : '—',
    order: plan.fields.parity,
  };
  const forcedFields = plan.fields.source === 'moderator';
  const fieldsKey: LineKey =
    forcedFields && plan.fields.mode === 'progressive' ? 'fields_off' : FIELD_KEYS[plan.fields.mode];
  lines.push({
    decision: 'fields',
    key: fieldsKey,
    values: fieldValues,
    byModerator: forcedFields,
    measured:
      forcedFields && basis && basis.measured.fields !== plan.fields.mode
        ? FIELD_KEYS[basis.measured.fields]
        : undefined,
  });

  // Crop: the stored frame against the picture inside the bars.
  const frame = basis?.frame;
  if (plan.crop && frame) {
    const sides = plan.crop.width < frame.width;
    const topBottom = plan.crop.height < frame.height;
    lines.push({
      decision: 'crop',
      key: 'crop',
      values: {
        from: size(frame.width, frame.height),
        to: size(plan.crop.width, plan.crop.height),
        bars: sides && topBottom ? 'windowbox' : sides ? 'pillarbox' : 'letterbox',
      },
      byModerator: false,
    });
  } else if (basis?.overrides.crop === 'off' && basis.measured.crop) {
    lines.push({ decision: 'crop', key: 'crop_off', values: {}, byModerator: true });
  } else {
    lines.push({ decision: 'crop', key: 'crop_none', values: {}, byModerator: false });
  }

  // Pixel shape: only when the stored pixels are not square.
  if (Math.abs(plan.sampleAspect - 1) > 0.01) {
    const [num, den] = aspectRatio(plan.sampleAspect);
    const stored = plan.crop ?? frame;
    lines.push({
      decision: 'aspect',
      key: 'aspect',
      values: {
        ratio: `${num}:${den}`,
        from: stored ? size(stored.width, stored.height) : '—',
        to: size(output.width, output.height),
      },
      byModerator: false,
    });
  }

  // Loudness: the measured integrated loudness and the target.
  const lufs = decimal(1);
  const measuredLoudness = plan.loudness?.measured.integrated ?? basis?.loudness?.integrated ?? null;
  const loudnessValues: Record<string, string> =
    measuredLoudness === null ? {} : { from: lufs.format(measuredLoudness) };
  if (plan.loudness) {
    lines.push({
      decision: 'loudness',
      key: 'loudness',
      values: {
        ...loudnessValues,
        to: lufs.format(plan.loudness.target.integrated),
        peak: lufs.format(plan.loudness.target.truePeak),
      },
      byModerator: false,
    });
  } else if (basis?.overrides.loudness === 'off' && basis.measured.loudness) {
    lines.push({ decision: 'loudness', key: 'loudness_off', values: loudnessValues, byModerator: true });
  } else {
    lines.push({
      decision: 'loudness',
      key: measuredLoudness === null || measuredLoudness <= -70 ? 'loudness_none' : 'loudness_ok',
      values: loudnessValues,
      byModerator: false,
    });
  }
  return lines;
}
