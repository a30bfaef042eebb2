import {
  FIRST_YEAR,
  LICENCE_BASES,
  type LicenceBasis,
  ORIGINAL_FORMATS,
  type OriginalFormat,
  RECORDS_REF_MAX,
  RIGHTS_HOLDER_MAX,
  STUDIO_MAX,
} from '@vt/rules';
import type { Provenance } from './dto';

export { FIRST_YEAR, LICENCE_BASES, ORIGINAL_FORMATS, RECORDS_REF_MAX, RIGHTS_HOLDER_MAX, STUDIO_MAX };

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
