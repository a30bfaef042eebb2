import { generateDemoClip } from '@vt/media';

/** A test card just over the 10-minute minimum, tiny and at 1 fps, so the real pipeline runs in seconds. */
export function generateMinimumLengthClip(file: string) {
  return generateDemoClip(file, {
    seconds: 605,
    pattern: 'testsrc',
    toneHz: 440,
    width: 160,
    height: 90,
    fps: 1,
  });
}
