import type { DemoClipSpec } from './demo-clip';

const SD = { width: 854, height: 480 } as const;

/**
 * The first start's synthetic library: six looks and tones, 1–3 minutes. Two are 720p so the ladder's
 * top rung is exercised; the rest are 480p, which halves the first start's transcoding on two cores.
 * The 180 s one has two sprite sheets.
 */
export const DEMO_CLIPS: readonly DemoClipSpec[] = [
  { seconds: 75, pattern: 'testsrc2', color: 'orange', toneHz: 440 },
  { seconds: 180, pattern: 'smptehdbars', color: 'cyan', hue: 20, toneHz: 330, ...SD },
  { seconds: 60, pattern: 'mandelbrot', color: 'white', toneHz: 220 },
  { seconds: 75, pattern: 'rgbtestsrc', color: 'yellow', hue: 200, toneHz: 523.25, ...SD },
  { seconds: 120, pattern: 'cellauto', color: 'magenta', toneHz: 392, ...SD },
  { seconds: 75, pattern: 'life', color: '#33aaff', toneHz: 261.63, ...SD },
];
