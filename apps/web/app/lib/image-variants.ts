/**
 * The WebP stored beside a media JPEG (`/thumbs/…/x.jpg` → `/thumbs/…/x.jpg.webp`, ADR 0021), or null for
 * any other image, which has none.
 */
export function webpOf(url: string | null | undefined): string | null {
  return url?.startsWith('/thumbs/') && /\.jpe?g$/i.test(url) ? `${url}.webp` : null;
}

/** A width-described srcset from [url, width] pairs, skipping missing urls. */
export function srcSetOf(candidates: readonly (readonly [string | null | undefined, number])[]): string {
  return candidates
    .filter((c): c is readonly [string, number] => Boolean(c[0]))
    .map(([url, width]) => `${url} ${width}w`)
    .join(', ');
}
