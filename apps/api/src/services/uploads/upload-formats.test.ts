import { DEMUXER_BY_EXTENSION, isAllowedFormat } from '@vt/media';
import { VIDEO_FORMATS } from '@vt/rules';
import { describe, expect, it } from 'vitest';

describe('accepted upload formats and the media input whitelist', () => {
  it('has a whitelisted demuxer for every accepted extension, so no accepted format is refused at probe', () => {
    for (const ext of VIDEO_FORMATS) {
      const demuxer = DEMUXER_BY_EXTENSION[ext];
      expect(demuxer, ext).toBeDefined();
      expect(isAllowedFormat(demuxer), ext).toBe(true);
    }
  });

  it('whitelists no demuxer that no accepted extension needs', () => {
    const needed = new Set(VIDEO_FORMATS.map((ext) => DEMUXER_BY_EXTENSION[ext]));
    expect(new Set(Object.values(DEMUXER_BY_EXTENSION))).toEqual(needed);
  });
});
