import { MAX_PAGE } from './site-constants';

/** A page number from a path or query: a positive integer up to MAX_PAGE, else null. */
export function parsePage(value: string | null | undefined, max = MAX_PAGE): number | null {
  if (!value || !/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return page <= max ? page : null;
}

/** A numeric id from a path segment, else null. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,14}$/.test(value)) return null;
  return Number(value);
}
