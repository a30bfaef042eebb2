import type { DemoClipSpec } from './demo-clip';

/**
 * The first start's synthetic library: six looks and tones, 1–3 minutes, 720p. Each generates in about
 * 5–10 s on two cores; the 180 s one has two sprite sheets.
 */
export const DEMO_CLIPS: readonly DemoClipSpec[] = [
  { seconds: 90, pattern: 'testsrc2', color: 'orange', toneHz: 440 },
  { seconds: 180, pattern: 'smptehdbars', color: 'cyan', hue: 20, toneHz: 330 },
  { seconds: 60, pattern: 'mandelbrot', color: 'white', toneHz: 220 },
  { seconds: 75, pattern: 'rgbtestsrc', color: 'yellow', hue: 200, toneHz: 523.25 },
  { seconds: 120, pattern: 'cellauto', color: 'magenta', toneHz: 392 },
  { seconds: 75, pattern: 'life', color: '#33aaff', toneHz: 261.63 },
];
