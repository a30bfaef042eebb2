import type { LicenceBasis, OriginalFormat, Provenance } from './dto';

// Web-side copies so the client bundle does not import API modules; `satisfies` keeps them in step.
export const ORIGINAL_FORMATS = [
  '8mm',
  '16mm',
  '35mm',
  'vhs',
  'betamax',
  'umatic',
  'digital',
] as const satisfies readonly OriginalFormat[];
export const LICENCE_BASES = [
  'owned',
  'licensed',
  'public_domain',
  'permission',
] as const satisfies readonly LicenceBasis[];
export const FIRST_YEAR = 1890;
export const STUDIO_MAX = 120;
export const RIGHTS_HOLDER_MAX = 120;
export const RECORDS_REF_MAX = 80;

/** A provenance form's values: strings, blank meaning unknown (the server parses and checks them). */
export type ProvenanceForm = Record<Exclude<keyof Provenance, 'licenceBasis' | 'originalFormat'>, string> & {
  licenceBasis: LicenceBasis | '';
  originalFormat: OriginalFormat | '';
};

export const EMPTY_FORM: ProvenanceForm = {
  year: '',
  decade: '',
  studio: '',
  rightsHolder: '',
  licenceBasis: '',
  originalFormat: '',
  recordsRef: '',
};

export function formOf(p: Provenance | null): ProvenanceForm {
  if (!p) return EMPTY_FORM;
  return Object.fromEntries(
    Object.entries(p).map(([k, v]) => [k, v === null ? '' : String(v)]),
  ) as ProvenanceForm;
}

/** Decades a record may name, newest first. */
export function decades(now = new Date()): number[] {
  const out: number[] = [];
  for (let d = Math.floor(now.getUTCFullYear() / 10) * 10; d >= FIRST_YEAR; d -= 10) out.push(d);
  return out;
}
