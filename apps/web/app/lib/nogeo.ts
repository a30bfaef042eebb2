/**
 * Referrer host endings that mark a visit as not counting towards geo statistics (spec §4). The
 * legacy list is not known; sister sites of the network can be added here.
 */
export const NOGEO_REFERRER_ENDINGS: readonly string[] = [];

/** True when the view should not count for the visitor's country: the referrer contains `country/` or ends in a listed ending. */
export function isNogeoReferrer(
  referrer: string,
  endings: readonly string[] = NOGEO_REFERRER_ENDINGS,
): boolean {
  if (!referrer) return false;
  if (referrer.includes('country/')) return true;
  let host = '';
  try {
    host = new URL(referrer).hostname;
  } catch {
    return false;
  }
  const trimmed = referrer.replace(/\/+$/, '');
  return endings.some((ending) => host.endsWith(ending) || trimmed.endsWith(ending));
}
