import { catalogs } from '@vt/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEntities, visibleTexts } from './helpers/html';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Renders every page type in Russian and Japanese, whose scripts are not Latin: any Latin word a person
 * reads there is either data (titles, names, category dirs… anything the database or the network
 * settings hold), text of that language's own catalog (the brand, "HD"), a language's own name in the
 * language select, or a string rendered without a key, which fails the test.
 */

const LANGS = ['ru', 'ja'] as const;
const LATIN_WORD = /[A-Za-z]{2,}/;
const SEARCHES = ['retro', 'zz'];

let sut: TestApp;
let data: string[];
let member: string;
let moderator: string;
let ownId: number;

function stringsOf(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const value of Object.values(node)) stringsOf(value, out);
  return out;
}

/** Every text value in every table, and every string of the network settings. */
function dataStrings(): string[] {
  const sqlite = sut.db.$client;
  const out = new Set<string>();
  const tables = sqlite
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' AND name <> 'search_title_words'",
    )
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const columns = (
      sqlite.prepare(`PRAGMA table_info("${table}")`).all() as { name: string; type: string }[]
    )
      .filter((c) => c.type.toUpperCase() === 'TEXT')
      .map((c) => c.name);
    for (const column of columns)
      for (const value of sqlite.prepare(`SELECT DISTINCT "${column}" FROM "${table}"`).pluck().iterate())
        if (typeof value === 'string' && LATIN_WORD.test(value)) {
          out.add(value.trim());
          // Descriptions are shortened for display: their sentences count too.
          for (const part of value.split(/(?<=[.!?])\s+/)) out.add(part.trim());
        }
  }
  for (const value of stringsOf(sut.config.network)) if (LATIN_WORD.test(value)) out.add(value.trim());
  // What a visitor typed comes back to them as it is.
  for (const query of SEARCHES) out.add(query);
  // Longest first, so a title containing a shorter title is removed whole.
  return [...out].filter((s) => s.length > 1).sort((a, b) => b.length - a.length);
}

/** Latin-script pieces of a catalog's own texts (e.g. "VintageTube", "HD"), placeholders removed. */
function catalogLatin(lang: (typeof LANGS)[number]): string[] {
  return stringsOf(catalogs[lang])
    .flatMap((text) => text.replace(/\{\{\w+\}\}/g, ' ').match(/[A-Za-z]+/g) ?? [])
    .filter((word) => LATIN_WORD.test(word));
}

/** The language select names each language in itself ("English", "Deutsch"), as it should. */
const endonyms = ['en', 'ru', 'de', 'fr', 'es', 'pl', 'it', 'pt', 'ja', 'nl'].map((code) => {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Takes out whole occurrences of a value: "be" (a data string) must not eat into "VintageTube". */
function removeWhole(text: string, value: string): string {
  if (!text.includes(value)) return text;
  return text.replace(new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(value)}(?![A-Za-z0-9])`, 'g'), ' ');
}

/**
 * What is left of a text once data, endonyms, the catalog's own Latin words and short capitals (country
 * codes, a name's initials) are taken out; null when nothing is.
 */
function unexplained(text: string, lang: (typeof LANGS)[number], latin: Set<string>): string | null {
  if (!LATIN_WORD.test(text)) return null;
  let rest = text;
  for (const value of data) rest = removeWhole(rest, value);
  for (const name of endonyms) rest = removeWhole(rest, name);
  const words = (rest.match(/[A-Za-z]+/g) ?? []).filter(
    (word) => LATIN_WORD.test(word) && !latin.has(word) && !/^[A-Z]{2,3}$/.test(word),
  );
  return words.length ? `${text}  [${words.join(' ')}] (${lang})` : null;
}

async function pageTexts(path: string, lang: string, cookie?: string): Promise<string[]> {
  const res = await sut.request(path, {
    headers: { cookie: [`lang=${lang}`, cookie].filter(Boolean).join('; ') },
  });
  expect([200, 404], `${path} answered ${res.status}`).toContain(res.status);
  const html = await res.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '');
  const description = decodeEntities(/<meta name="description" content="([^"]*)"/.exec(head)?.[1] ?? '');
  return [title, description, ...visibleTexts(html)];
}

beforeAll(async () => {
  sut = createTestApp({ videos: 120, photos: 4 });
  ownId = await sut.createMember('Translator');
  member = await sut.signIn('Translator');
  const modId = await sut.createMember('Linguist');
  sut.db.$client.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(modId);
  moderator = await sut.signIn('Linguist');
  data = dataStrings();
});
afterAll(() => sut.close());

function publicPaths(): string[] {
  const get = <T>(q: string) => sut.db.$client.prepare(q).get() as T;
  const video = get<{ id: number; dir: string }>(
    'SELECT id, dir FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY comments_count DESC LIMIT 1',
  );
  const category = get<{ dir: string }>('SELECT dir FROM categories ORDER BY total_videos DESC LIMIT 1');
  const model = get<{ dir: string }>('SELECT dir FROM models ORDER BY videos_count DESC LIMIT 1');
  const album = get<{ id: number; dir: string }>(
    "SELECT id, dir FROM albums WHERE status_id = 1 AND is_private = 0 AND gender = 'straight' LIMIT 1",
  );
  const playlist = get<{ id: number }>(
    'SELECT id FROM playlists WHERE is_private = 0 ORDER BY videos_count DESC LIMIT 1',
  );
  const other = get<{ id: number }>(
    'SELECT member_id AS id FROM comments GROUP BY member_id ORDER BY count(*) DESC LIMIT 1',
  );
  return [
    '/',
    '/videos/latest-updates/1/',
    '/videos/top-rated/2/?date=week&duration=2',
    `/videos/${video.id}/${video.dir}/`,
    `/embed/${video.id}/${video.dir}/`,
    '/categories/',
    `/categories/${category.dir}/latest-updates/1/`,
    '/top-country/1/',
    '/models/most-popular/1/',
    `/model/${model.dir}/`,
    `/model/${model.dir}/info/`,
    `/model/${model.dir}/videos/1/`,
    '/albums/latest-updates/1/',
    `/album/${album.id}/${album.dir}/`,
    '/playlists/most-popular/1/',
    `/playlist/${playlist.id}/1/`,
    '/community/recent/1/',
    `/members/${other.id}/`,
    `/members/${other.id}/info/`,
    '/history/1/',
    ...SEARCHES.map((s) => `/search/1/?s=${s}`),
    '/information/',
    '/information/terms/',
    '/information/privacy/',
    '/information/cookies_policy/',
    '/information/2257/',
    '/information/help/',
    '/information/dmca/',
    '/information/content-removal/',
    '/information/faq/',
    '/sitemap-page/',
    '/landing/',
    '/login/',
    '/register/',
    '/restore/',
    '/404/',
  ];
}

const memberPaths = () => [
  `/members/${ownId}/`,
  `/members/${ownId}/info/`,
  `/members/${ownId}/favourite_videos/1/`,
  '/messages/',
  '/notifications/',
  '/member_edit/',
  '/add-video/',
  '/create-album/',
];

const staffPaths = ['/moderation/', '/moderation/reports/', '/moderation/takedowns/', '/moderation/audit/'];

describe.each(LANGS)('pages in %s', (lang) => {
  const latin = () => new Set(catalogLatin(lang));

  it('show no Latin text that is neither data nor their own catalog (public pages)', async () => {
    const problems: string[] = [];
    for (const path of publicPaths())
      for (const text of await pageTexts(path, lang)) {
        const left = unexplained(text, lang, latin());
        if (left) problems.push(`${path}: ${left}`);
      }
    expect(problems).toEqual([]);
  });

  it('show no Latin text that is neither data nor their own catalog (member and staff pages)', async () => {
    const problems: string[] = [];
    for (const [paths, cookie] of [
      [memberPaths(), member],
      [staffPaths, moderator],
    ] as const)
      for (const path of paths)
        for (const text of await pageTexts(path, lang, cookie)) {
          const left = unexplained(text, lang, latin());
          if (left) problems.push(`${path}: ${left}`);
        }
    expect(problems).toEqual([]);
  });
});
