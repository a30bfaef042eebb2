/** The catalogue's orientations (spec §1), in the order the switch shows them. */
export const ORIENTATIONS = ['straight', 'gay', 'shemale'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/**
 * This page in another orientation: `?orientation=` renders it and the server keeps the choice in the
 * `orientation` cookie (ADR 0025). A plain link, so it works without JavaScript and from a cached page.
 */
export function orientationHref(pathname: string, search: string, orientation: Orientation): string {
  const params = new URLSearchParams(search);
  params.set('orientation', orientation);
  return `${pathname}?${params.toString()}`;
}
