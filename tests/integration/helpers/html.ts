// Just enough HTML reading for server-rendered pages (React writes well-formed, quoted attributes).

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#')
      return String.fromCodePoint(
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
      );
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export type Attrs = Record<string, string>;

export function attributesOf(tag: string): Attrs {
  const out: Attrs = {};
  for (const m of tag.matchAll(/([a-zA-Z_:][\w:.-]*)="([^"]*)"/g))
    out[m[1].toLowerCase()] = decodeEntities(m[2]);
  return out;
}

/** The `<head>`'s title, meta and link tags and JSON-LD blocks. */
export function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map((m) => attributesOf(m[0]));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => attributesOf(m[0]));
  const meta = (key: string) => metas.find((m) => m.name === key || m.property === key)?.content ?? null;
  return {
    title: decodeEntities(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    canonical: links.find((l) => l.rel === 'canonical')?.href ?? null,
    alternates: Object.fromEntries(
      links.filter((l) => l.rel === 'alternate' && l.hreflang).map((l) => [l.hreflang, l.href]),
    ),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]),
    ),
  };
}

/** `<html lang>` of a page. */
export const htmlLang = (html: string) => /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1] ?? null;

/** Attributes a person reads or a screen reader speaks. */
const READ_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description'];

/**
 * What a person reads on a page: text between tags in the body (scripts, styles, templates and
 * `<noscript>` left out) and readable attributes, each trimmed, empty ones dropped.
 */
export function visibleTexts(html: string): string[] {
  const start = html.indexOf('<body');
  const body = (start >= 0 ? html.slice(start) : html)
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<style\b[\s\S]*?<\/style>/g, '')
    .replace(/<template\b[\s\S]*?<\/template>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const out: string[] = [];
  for (const tag of body.matchAll(/<[a-zA-Z][^>]*>/g)) {
    const attrs = attributesOf(tag[0]);
    for (const name of READ_ATTRIBUTES) if (attrs[name]?.trim()) out.push(attrs[name].trim());
  }
  for (const text of body.split(/<[^>]*>/)) {
    const t = decodeEntities(text).trim();
    if (t) out.push(t);
  }
  return out;
}
