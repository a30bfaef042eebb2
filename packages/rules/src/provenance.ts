/** Provenance records (ADR 0036): the choices and lengths the form offers and the API checks. */

/** The physical or digital format a film was first made on (issue 23 §4). */
export const ORIGINAL_FORMATS = ['8mm', '16mm', '35mm', 'vhs', 'betamax', 'umatic', 'digital'] as const;
export type OriginalFormat = (typeof ORIGINAL_FORMATS)[number];

/** On what basis the site shows the film: its own work, a licence, the public domain, the holder's permission. */
export const LICENCE_BASES = ['owned', 'licensed', 'public_domain', 'permission'] as const;
export type LicenceBasis = (typeof LICENCE_BASES)[number];

/** The earliest production year accepted: the first films were shot in the 1890s. */
export const FIRST_YEAR = 1890;
export const STUDIO_MAX = 120;
export const RIGHTS_HOLDER_MAX = 120;
export const RECORDS_REF_MAX = 80;
