import {
  type ErrorCode,
  FIRST_YEAR,
  LICENCE_BASES,
  type LicenceBasis,
  ORIGINAL_FORMATS,
  type OriginalFormat,
  RECORDS_REF_MAX,
  RIGHTS_HOLDER_MAX,
  STUDIO_MAX,
} from '@vt/rules';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

export {
  FIRST_YEAR,
  LICENCE_BASES,
  type LicenceBasis,
  ORIGINAL_FORMATS,
  type OriginalFormat,
  RECORDS_REF_MAX,
  RIGHTS_HOLDER_MAX,
  STUDIO_MAX,
};

/** A provenance record as stored and shown; every field may be unknown. */
export interface Provenance {
  year: number | null;
  decade: number | null;
  studio: string | null;
  rightsHolder: string | null;
  licenceBasis: LicenceBasis | null;
  originalFormat: OriginalFormat | null;
  recordsRef: string | null;
}

export const PROVENANCE_KEYS = [
  'year',
  'decade',
  'studio',
  'rightsHolder',
  'licenceBasis',
  'originalFormat',
  'recordsRef',
] as const satisfies readonly (keyof Provenance)[];

export const EMPTY_PROVENANCE: Provenance = {
  year: null,
  decade: null,
  studio: null,
  rightsHolder: null,
  licenceBasis: null,
  originalFormat: null,
  recordsRef: null,
};

/** What a form or an API call sends: strings or numbers, blanks meaning unknown. */
export type ProvenanceInput = Partial<Record<keyof Provenance, string | number | null | undefined>>;

export const decadeOf = (year: number) => Math.floor(year / 10) * 10;

/** A decade as a listing filter takes it: 1890, 1900 … 2090 (a later decade simply lists nothing). */
export const decadeSchema = z.number().int().min(1890).max(2090).multipleOf(10);

/** `?decade=1970` of a listing or legacy path: a valid decade, or null (any). */
export function decadeParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{4}$/.test(value)) return null;
  const parsed = decadeSchema.safeParse(Number(value));
  return parsed.success ? parsed.data : null;
}

/** Decades a listing may be filtered by: from the 1890s to the current one. */
export function decadeOptions(currentYear: number): number[] {
  const out: number[] = [];
  for (let d = decadeOf(FIRST_YEAR); d <= decadeOf(currentYear); d += 10) out.push(d);
  return out;
}

const invalid = (field: string, code: ErrorCode = 'provenance_invalid', info?: Record<string, unknown>) =>
  new AppError(code, { field, info, message: `Invalid ${field}` });

function text(input: ProvenanceInput, field: keyof Provenance, max: number): string | null {
  const raw = input[field];
  if (raw === undefined || raw === null) return null;
  // Control characters never belong in a name or a reference; line breaks are folded to spaces.
  const value = String(raw)
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
  if ([...value].some((ch) => ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127)) throw invalid(field);
  if (value.length > max) throw invalid(field, 'max_length', { length: max });
  return value || null;
}

function whole(input: ProvenanceInput, field: 'year' | 'decade'): number | null {
  const raw = input[field];
  if (raw === undefined || raw === null || String(raw).trim() === '') return null;
  const s = String(raw).trim();
  if (!/^\d{4}$/.test(s)) throw invalid(field, 'provenance_year_range');
  return Number(s);
}

function oneOf<T extends string>(input: ProvenanceInput, field: keyof Provenance, options: readonly T[]) {
  const raw = input[field];
  if (raw === undefined || raw === null || String(raw).trim() === '') return null;
  const s = String(raw).trim();
  if (!(options as readonly string[]).includes(s)) throw invalid(field);
  return s as T;
}

/**
 * Checks and normalises a record: the year within FIRST_YEAR..this year, a decade given alone (a multiple
 * of ten in that span) or derived from the year (and, when both are given, agreeing with it), the format
 * and licence basis from their lists, names and references of bounded length.
 */
export function parseProvenance(input: ProvenanceInput, currentYear: number): Provenance {
  const year = whole(input, 'year');
  const range = { min: FIRST_YEAR, max: currentYear };
  if (year !== null && (year < FIRST_YEAR || year > currentYear))
    throw invalid('year', 'provenance_year_range', range);
  let decade = whole(input, 'decade');
  if (decade !== null && (decade % 10 !== 0 || decade < decadeOf(FIRST_YEAR) || decade > currentYear))
    throw invalid('decade', 'provenance_decade_invalid');
  if (year !== null && decade !== null && decadeOf(year) !== decade)
    throw invalid('decade', 'provenance_decade_mismatch');
  if (year !== null) decade = decadeOf(year);
  return {
    year,
    decade,
    studio: text(input, 'studio', STUDIO_MAX),
    rightsHolder: text(input, 'rightsHolder', RIGHTS_HOLDER_MAX),
    licenceBasis: oneOf(input, 'licenceBasis', LICENCE_BASES),
    originalFormat: oneOf(input, 'originalFormat', ORIGINAL_FORMATS),
    recordsRef: text(input, 'recordsRef', RECORDS_REF_MAX),
  };
}

export const isEmptyProvenance = (p: Provenance) => Object.values(p).every((v) => v === null);

/**
 * 18 U.S.C. 2257 turns on the production date: depictions produced before July 3, 1995 are exempt.
 * Only a date certainly before it counts (a year up to 1994, a decade up to the 1980s): 1995 itself, or
 * the 1990s without a year, may be after it, so they take the record-keeping statement.
 */
export const EXEMPTION_YEAR = 1995;

export type RecordsBasis = 'exempt' | 'records' | 'unknown';

export function recordsBasis(p: Pick<Provenance, 'year' | 'decade'> | null): RecordsBasis {
  if (!p) return 'unknown';
  if (p.year !== null) return p.year < EXEMPTION_YEAR ? 'exempt' : 'records';
  if (p.decade !== null) return p.decade + 9 < EXEMPTION_YEAR ? 'exempt' : 'records';
  return 'unknown';
}

export const PROVENANCE_FIELDS = [
  'date',
  'studio',
  'rightsHolder',
  'licenceBasis',
  'originalFormat',
  'recordsRef',
] as const;
export type ProvenanceField = (typeof PROVENANCE_FIELDS)[number];

/**
 * What a complete record lacks, for the operator's "record before approval" rule: a date (year or decade),
 * studio, rights holder, licence basis and original format always; a record-keeping reference unless the
 * date makes the film exempt.
 */
export function missingFields(p: Provenance | null): ProvenanceField[] {
  const r = p ?? EMPTY_PROVENANCE;
  const missing: ProvenanceField[] = [];
  if (r.year === null && r.decade === null) missing.push('date');
  if (!r.studio) missing.push('studio');
  if (!r.rightsHolder) missing.push('rightsHolder');
  if (!r.licenceBasis) missing.push('licenceBasis');
  if (!r.originalFormat) missing.push('originalFormat');
  if (!r.recordsRef && recordsBasis(r) !== 'exempt') missing.push('recordsRef');
  return missing;
}
