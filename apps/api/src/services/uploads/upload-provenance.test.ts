import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { checkVideoUpload } from './upload-rules';

const base = { filename: 'reel.mp4', title: 'Home movie', adult: '1' };

describe('the provenance an upload carries (ADR 0036)', () => {
  it('is optional: no prov_* fields, no record', () => {
    expect(checkVideoUpload(base, 10).provenance).toBeUndefined();
  });

  it('is checked and normalised with the rest of the upload', () => {
    const meta = checkVideoUpload(
      { ...base, prov_year: '1983', prov_originalFormat: 'betamax', prov_studio: ' Starling Home Video ' },
      10,
    );
    expect(meta.provenance).toMatchObject({
      year: 1983,
      decade: 1980,
      originalFormat: 'betamax',
      studio: 'Starling Home Video',
    });
  });

  it('refuses the upload before any byte on a bad value, naming the field', () => {
    const refused = (extra: Record<string, string>) => {
      try {
        checkVideoUpload({ ...base, ...extra }, 10);
      } catch (err) {
        return err instanceof AppError ? [err.code, err.field] : ['other'];
      }
      return ['accepted'];
    };
    expect(refused({ prov_year: '3000' })).toEqual(['provenance_year_range', 'year']);
    expect(refused({ prov_originalFormat: 'wax-cylinder' })).toEqual([
      'provenance_invalid',
      'originalFormat',
    ]);
    expect(refused({ prov_recordsRef: 'x'.repeat(81) })).toEqual(['max_length', 'recordsRef']);
  });
});
