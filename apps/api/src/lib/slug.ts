/** A URL dir from a title: accents folded, lower case, words joined by hyphens, at most 80 characters. */
export function slugOf(text: string, fallback: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || fallback
  );
}
