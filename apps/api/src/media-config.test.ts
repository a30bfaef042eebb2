import { describe, expect, it } from 'vitest';
import { AV1_MIN_MEMORY_MB, loadConfig } from './config';

const base = { DATA_DIR: '/tmp/vt-media-config' };

describe('media settings of new transcodes (ADR 0038)', () => {
  it('writes fMP4 without AV1 by default', () => {
    expect(loadConfig(base).mediaSettings).toEqual({ segmentType: 'fmp4', av1: { enabled: false } });
  });

  it('lets the operator keep MPEG-TS or add the AV1 set', () => {
    expect(loadConfig({ ...base, MEDIA_SEGMENTS: 'mpegts' }).mediaSettings.segmentType).toBe('mpegts');
    const av1 = loadConfig({ ...base, MEDIA_AV1: '1', MEDIA_MAX_MEMORY_MB: String(AV1_MIN_MEMORY_MB) });
    expect(av1.mediaSettings.av1).toEqual({ enabled: true });
    expect(loadConfig({ ...base, MEDIA_AV1: '1', MEDIA_MAX_MEMORY_MB: '0' }).mediaSettings.av1.enabled).toBe(
      true,
    );
  });

  it('refuses AV1 under an address-space ceiling its encoders cannot start in', () => {
    expect(() => loadConfig({ ...base, MEDIA_AV1: '1' })).toThrow(
      /MEDIA_AV1: needs MEDIA_MAX_MEMORY_MB of at least 8192/,
    );
    expect(() => loadConfig({ ...base, MEDIA_SEGMENTS: 'webm' })).toThrow(/MEDIA_SEGMENTS/);
  });
});
