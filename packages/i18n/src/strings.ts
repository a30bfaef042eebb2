import type { Lang } from './langs';

/**
 * The parts of a catalog the browser gets (issue 18: one language, and only what the page shows). Every
 * key belongs to one group: `core` comes with every page; a page names any other group it needs in its
 * route `handle.strings`; `server` never leaves the server. Groups are decided by key, so the catalogs
 * stay one JSON file per language.
 */
export const STRING_GROUPS = [
  'core',
  'info',
  'watch',
  'models',
  'members',
  'staff',
  'upload',
  'server',
] as const;
export type StringGroup = (typeof STRING_GROUPS)[number];
/** The groups a browser may receive. */
export type BrowserStringGroup = Exclude<StringGroup, 'server'>;
export const BROWSER_STRING_GROUPS: readonly BrowserStringGroup[] = STRING_GROUPS.filter(
  (group): group is BrowserStringGroup => group !== 'server',
);
/** The groups a page can ask for. */
export type PageStringGroup = Exclude<StringGroup, 'core' | 'server'>;
export const PAGE_STRING_GROUPS: readonly PageStringGroup[] = BROWSER_STRING_GROUPS.filter(
  (group): group is PageStringGroup => group !== 'core',
);

export function stringGroupOf(key: string): StringGroup {
  // Footers and the sitemap link every information page by its title; the texts are the bulk (~60%).
  if (key.startsWith('info.pages.')) return key.endsWith('.title') ? 'core' : 'info';
  // The player, the download gate, comments and sharing: video pages, albums, the embed and the staff queue.
  if (/^(player|download|comments|share|video|embed)\./.test(key)) return 'watch';
  // The model pages' own texts; a channel's counts and a wall (member pages have one too) stay in core.
  if (key.startsWith('models.') || (key.startsWith('model.') && !/^model\.(stat\.|wall_)/.test(key)))
    return 'models';
  // Member profiles, the community, albums, messages and playlists.
  if (/^(member|community|album|albums|messages|playlists)\./.test(key)) return 'members';
  if (key.startsWith('moderation.')) return 'staff';
  if (/^(upload|album_upload|member_edit|notification)\./.test(key)) return 'upload';
  if (key.startsWith('mail.')) return 'server';
  return 'core';
}

export type Tree = { [key: string]: string | Tree };

/** One group of one language, with the English text of every key of that group the language lacks. */
export interface StringsPart {
  own: Tree;
  fallback: Tree;
}

/** What a page receives: its language, the groups it carries, their texts and their English fallbacks. */
export interface StringsBundle extends StringsPart {
  lang: Lang;
  groups: BrowserStringGroup[];
  /** The age gate's texts in its own language, when it is shown in another one than the page's. */
  gate?: StringsPart & { lang: Lang };
}

function walk(tree: Tree, visit: (key: string, text: string) => void, prefix = ''): void {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') visit(prefix + k, v);
    else walk(v, visit, `${prefix}${k}.`);
  }
}

function put(tree: Tree, key: string, text: string): void {
  const parts = key.split('.');
  let node = tree;
  for (const part of parts.slice(0, -1)) {
    let next = node[part];
    if (typeof next !== 'object') {
      next = {};
      node[part] = next;
    }
    node = next;
  }
  node[parts[parts.length - 1]] = text;
}

/**
 * The keys of `groups` in `lang`, and English's text for those it lacks: i18next falls back to `en` for
 * a missing key, so the browser needs the English text of exactly those keys and no others.
 */
export function stringsFor(
  catalogs: Record<string, unknown>,
  lang: Lang,
  groups: readonly StringGroup[],
): StringsPart {
  const wanted = new Set(groups);
  return stringsWhere(catalogs, lang, (key) => wanted.has(stringGroupOf(key)));
}

/** The keys `keep` accepts in `lang`, with English's text for those it lacks. */
export function stringsWhere(
  catalogs: Record<string, unknown>,
  lang: Lang,
  keep: (key: string) => boolean,
): StringsPart {
  const own: Tree = {};
  const have = new Set<string>();
  const pluralBases = new Set<string>();
  walk(catalogs[lang] as Tree, (key, text) => {
    if (!keep(key)) return;
    put(own, key, text);
    have.add(key);
    const plural = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
    if (plural) pluralBases.add(plural[1]);
  });
  const fallback: Tree = {};
  if (lang !== 'en') {
    walk(catalogs.en as Tree, (key, text) => {
      if (!keep(key) || have.has(key)) return;
      // Plural forms: the language's own forms of the same key stand in for English's.
      const plural = /^(.*)_(one|other)$/.exec(key);
      if (plural && pluralBases.has(plural[1])) return;
      put(fallback, key, text);
    });
  }
  return { own, fallback };
}

/**
 * The age gate speaks the visitor's country's language, which may not be the page's (spec §4): its texts
 * in that language come with the page too.
 */
export const isAgeGateKey = (key: string) =>
  key.startsWith('age_gate.') || key === 'footer.terms' || key === 'footer.privacy';

/** The groups a page needs: core plus what its routes name (`handle.strings`). */
export function pageStringGroups(named: Iterable<unknown>): BrowserStringGroup[] {
  const out = new Set<BrowserStringGroup>(['core']);
  for (const group of named)
    if ((PAGE_STRING_GROUPS as readonly unknown[]).includes(group)) out.add(group as PageStringGroup);
  return BROWSER_STRING_GROUPS.filter((g) => out.has(g));
}
