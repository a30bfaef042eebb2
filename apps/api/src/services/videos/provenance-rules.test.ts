import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { decadeParam, missingFields, parseProvenance, recordsBasis } from './provenance-rules';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? `${err.code}:${err.field}` : 'other';
  }
  return 'none';
};

describe('parseProvenance', () => {
  it('derives the decade from the year and trims texts', () => {
    const p = parseProvenance(
      { year: '1974', studio: '  Lantern Reel  ', originalFormat: '16mm', licenceBasis: 'licensed' },
      2026,
    );
    expect(p).toMatchObject({ year: 1974, decade: 1970, studio: 'Lantern Reel', originalFormat: '16mm' });
  });

  it('takes a decade alone, and blanks as unknown', () => {
    expect(parseProvenance({ decade: 1950, studio: '', recordsRef: ' ' }, 2026)).toEqual({
      year: null,
      decade: 1950,
      studio: null,
      rightsHolder: null,
      licenceBasis: null,
      originalFormat: null,
      recordsRef: null,
    });
  });

  it('refuses years outside 1890..this year, odd decades and a decade that contradicts the year', () => {
    expect(code(() => parseProvenance({ year: 1889 }, 2026))).toBe('provenance_year_range:year');
    expect(code(() => parseProvenance({ year: 2027 }, 2026))).toBe('provenance_year_range:year');
    expect(code(() => parseProvenance({ year: '19x4' }, 2026))).toBe('provenance_year_range:year');
    expect(code(() => parseProvenance({ decade: 1975 }, 2026))).toBe('provenance_decade_invalid:decade');
    expect(code(() => parseProvenance({ decade: 2030 }, 2026))).toBe('provenance_decade_invalid:decade');
    expect(code(() => parseProvenance({ year: 1974, decade: 1980 }, 2026))).toBe(
      'provenance_decade_mismatch:decade',
    );
  });

  it('refuses unknown formats and bases, over-long texts and control characters', () => {
    expect(code(() => parseProvenance({ originalFormat: 'laserdisc' }, 2026))).toBe(
      'provenance_invalid:originalFormat',
    );
    expect(code(() => parseProvenance({ licenceBasis: 'stolen' }, 2026))).toBe(
      'provenance_invalid:licenceBasis',
    );
    expect(code(() => parseProvenance({ studio: 'x'.repeat(121) }, 2026))).toBe('max_length:studio');
    expect(code(() => parseProvenance({ recordsRef: 'a\u0000b' }, 2026))).toBe(
      'provenance_invalid:recordsRef',
    );
  });
});

describe('recordsBasis (18 U.S.C. 2257: before July 3, 1995)', () => {
  it.each([
    [{ year: 1994, decade: 1990 }, 'exempt'],
    [{ year: 1962, decade: 1960 }, 'exempt'],
    [{ year: 1995, decade: 1990 }, 'records'],
    [{ year: 2004, decade: 2000 }, 'records'],
    [{ year: null, decade: 1980 }, 'exempt'],
    // The 1990s without a year may be after July 3, 1995: never claimed exempt.
    [{ year: null, decade: 1990 }, 'records'],
    [{ year: null, decade: null }, 'unknown'],
  ] as const)('%o → %s', (p, basis) => {
    expect(recordsBasis(p)).toBe(basis);
  });

  it('is unknown without a record', () => {
    expect(recordsBasis(null)).toBe('unknown');
  });
});

describe('missingFields', () => {
  it('names everything for no record, and asks for a reference only when not exempt', () => {
    expect(missingFields(null)).toEqual([
      'date',
      'studio',
      'rightsHolder',
      'licenceBasis',
      'originalFormat',
      'recordsRef',
    ]);
    const full = parseProvenance(
      { year: 1977, studio: 'S', rightsHolder: 'R', licenceBasis: 'licensed', originalFormat: '35mm' },
      2026,
    );
    expect(missingFields(full)).toEqual([]);
    expect(missingFields({ ...full, year: 1998, decade: 1990 })).toEqual(['recordsRef']);
  });
});

describe('decadeParam', () => {
  it('accepts multiples of ten from 1890 to 2090 only', () => {
    expect(decadeParam('1970')).toBe(1970);
    expect(decadeParam('1975')).toBeNull();
    expect(decadeParam('1880')).toBeNull();
    expect(decadeParam('19700')).toBeNull();
    expect(decadeParam(undefined)).toBeNull();
  });
});
