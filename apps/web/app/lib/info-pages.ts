/**
 * The information pages under /information/ and their sections, in reading order. Texts are the
 * `info.pages.{slug}.*` keys; a section body is paragraphs separated by a blank line, and lines
 * starting with "- " form a list.
 */
export const INFO_PAGES = {
  terms: [
    'acceptance',
    'eligibility',
    'content',
    'accounts',
    'conduct',
    'uploads',
    'copyright',
    'warranty',
    'changes',
  ],
  privacy: ['overview', 'visitors', 'members', 'public', 'cookies', 'sharing', 'rights', 'minors'],
  cookies_policy: ['what', 'ours', 'storage', 'third', 'control'],
  '2257': ['statement', 'records', 'exemption', 'operators', 'custodian'],
  help: ['watching', 'finding', 'sharing', 'downloading', 'account', 'problems'],
  dmca: ['policy', 'notice', 'agent', 'process', 'counter', 'repeat'],
  'content-removal': ['when', 'urgent', 'how', 'after'],
  faq: ['free', 'what', 'account', 'playback', 'quality', 'upload', 'removal', 'embed', 'language'],
} as const satisfies Record<string, readonly string[]>;

export type InfoSlug = keyof typeof INFO_PAGES;

/** `info.pages.{slug}.sections.{section}` for exactly the pairs INFO_PAGES lists. */
export type InfoSectionKey = {
  [S in InfoSlug]: `info.pages.${S}.sections.${(typeof INFO_PAGES)[S][number]}`;
}[InfoSlug];

export function infoSectionKey(slug: InfoSlug, section: string): InfoSectionKey {
  return `info.pages.${slug}.sections.${section}` as InfoSectionKey;
}

/** Index order: the legal pages first, then help. */
export const INFO_SLUGS: readonly InfoSlug[] = [
  'terms',
  'privacy',
  'cookies_policy',
  '2257',
  'dmca',
  'content-removal',
  'help',
  'faq',
];

/** Sections whose lines are an address block (operator placeholders), not paragraphs. */
export const ADDRESS_SECTIONS: ReadonlySet<string> = new Set(['2257.custodian', 'dmca.agent']);

/** Pages that link to each other at the bottom ("more information"). */
export const INFO_RELATED: Record<InfoSlug, readonly InfoSlug[]> = {
  terms: ['privacy', 'dmca', 'content-removal'],
  privacy: ['cookies_policy', 'terms'],
  cookies_policy: ['privacy', 'terms'],
  '2257': ['terms', 'content-removal'],
  help: ['faq', 'dmca', 'content-removal'],
  dmca: ['content-removal', 'help', 'terms'],
  'content-removal': ['dmca', 'help', 'terms'],
  faq: ['help', 'dmca', 'content-removal'],
};

export function isInfoSlug(value: string | undefined): value is InfoSlug {
  return value !== undefined && Object.hasOwn(INFO_PAGES, value);
}

export const infoHref = (slug: InfoSlug) => `/information/${slug}/`;

export { CONTACT_HREF } from '../components/contact/contact-href';
/** The form's four subjects; report.php stores "advertising request" as `advertising`. */
export const CONTACT_SUBJECTS = ['copyright', 'technical', 'inappropriate', 'ncii', 'advertising'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];
/** Spec §5: contact message at most 1500 characters. */
export const CONTACT_MESSAGE_MAX = 1500;
/** The optional image: the server checks the type by content and re-encodes it. */
export const CONTACT_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const CONTACT_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_FILE_MAX_LABEL = '5 MB';

export type InfoBlock = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] };

/** Splits a section body into paragraphs and "- " lists. */
export function parseInfoBody(body: string): InfoBlock[] {
  const blocks: InfoBlock[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    let para: string[] = [];
    let list: string[] = [];
    const flushPara = () => {
      if (para.length) blocks.push({ kind: 'p', text: para.join(' ') });
      para = [];
    };
    const flushList = () => {
      if (list.length) blocks.push({ kind: 'ul', items: list });
      list = [];
    };
    for (const raw of chunk.split('\n')) {
      const line = raw.trim();
      if (!line) continue;
      if (line.startsWith('- ')) {
        flushPara();
        list.push(line.slice(2));
      } else {
        flushList();
        para.push(line);
      }
    }
    flushPara();
    flushList();
  }
  return blocks;
}
