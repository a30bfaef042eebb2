import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogs, LANGS } from '@vt/i18n';
import { z } from 'zod';
import { adDocumentUrl } from './ad-document-url';

/** The demo network shipped in the repo: invented `.example` sites and in-repo placeholder banners. */
export const DEMO_NETWORK_FILE = join(dirname(fileURLToPath(import.meta.url)), 'demo', 'network.json');

const title = z.string().trim().min(1).max(80);
const externalUrl = z.url({ protocol: /^https?$/ });
const link = z.object({ title, url: externalUrl });

/** A text in several languages: a plain string for all, or a map with at least `en`. */
const localized = z.union([
  title,
  z
    .object({ en: title })
    .catchall(title)
    .refine((map) => Object.keys(map).every((k) => isKnownLang(k)), {
      message: `keys must be languages (${LANGS.join(', ')})`,
    }),
]);

/** Ad HTML inline, or in a file next to the configuration file. */
const adHtml = z.union([
  z.object({ html: z.string().min(1).max(50_000) }),
  z.object({ file: z.string().min(1) }),
]);

export const NetworkConfigSchema = z.object({
  /** The network's other sites: the header's network bar; referrals from them do not count for geo stats. */
  sisterSites: z.array(link).max(20).default([]),
  /** Further links of the network bar (e.g. a network-wide forum). */
  networkLinks: z.array(link).max(20).default([]),
  /** Partner sites in the footer. */
  partnerLinks: z.array(link).max(40).default([]),
  /** Links of the tag strip to pages of this site: a path and a catalog key or a title. */
  hardlinks: z
    .array(
      z
        .object({
          href: z.string().regex(/^\/[^\s]*\/$/, 'a site path with a trailing slash'),
          key: z.string().min(1).optional(),
          title: localized.optional(),
        })
        .refine((h) => h.key || h.title, { message: 'needs a key or a title' })
        .refine((h) => !h.key || typeof catalogKey(h.key) === 'string', {
          message: 'key is not a text of packages/i18n/locales/en.json',
          path: ['key'],
        }),
    )
    .max(12)
    .default([]),
  /** The partner slider: `/static/tf/videos.{key}.json`; `demo` generates synthetic items when no file exists. */
  partnerSlider: z
    .object({
      key: z.string().regex(/^[a-z0-9_-]{1,40}$/),
      count: z.number().int().min(1).max(60).default(17),
      demo: z.boolean().default(false),
    })
    .nullable()
    .default(null),
  ads: z
    .object({
      /** 728×128 under the player. */
      underPlayer: adHtml.nullable().default(null),
      /** Up to four 300×250 banners above the footer. */
      footer: z.array(adHtml).max(4).default([]),
      /** A 300×250 tile in video listings after every `every` thumbs, cycling through `html`. */
      listing: z
        .object({ every: z.number().int().min(4).max(120), html: z.array(adHtml).min(1).max(10) })
        .nullable()
        .default(null),
    })
    .default({ underPlayer: null, footer: [], listing: null }),
});

/** The English catalog's text at a dotted key, if any. */
function catalogKey(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogs.en);
}

function isKnownLang(key: string): boolean {
  return (LANGS as readonly string[]).includes(key);
}

type AdSource = z.infer<typeof adHtml>;

export interface NetworkConfig {
  sisterSites: { title: string; url: string }[];
  networkLinks: { title: string; url: string }[];
  partnerLinks: { title: string; url: string }[];
  hardlinks: { href: string; key?: string; title?: string | Record<string, string> }[];
  partnerSlider: { key: string; count: number; demo: boolean } | null;
  ads: { underPlayer: string | null; footer: string[]; listing: { every: number; html: string[] } | null };
}

/**
 * Reads and validates the network configuration (NETWORK_CONFIG, default: the demo network). An invalid
 * file stops the start with the file name and each problem, like invalid environment settings do.
 */
export function loadNetworkConfig(file: string = DEMO_NETWORK_FILE): NetworkConfig {
  const path = resolve(file);
  if (!existsSync(path)) throw new Error(`Invalid configuration:\n  NETWORK_CONFIG: ${path} does not exist`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(
      `Invalid configuration:\n  NETWORK_CONFIG: ${path} is not JSON (${(error as Error).message})`,
    );
  }
  return parseNetworkConfig(raw, dirname(path), path);
}

/** Validates a parsed configuration; ad `file` paths are relative to `baseDir`. */
export function parseNetworkConfig(raw: unknown, baseDir: string, source = 'network config'): NetworkConfig {
  const parsed = NetworkConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${source}: ${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const html = (ad: AdSource): string => {
    if ('html' in ad) return ad.html;
    const file = resolve(baseDir, ad.file);
    if (!existsSync(file))
      throw new Error(`Invalid configuration:\n  ${source}: ad file ${file} does not exist`);
    return readFileSync(file, 'utf8');
  };
  return {
    sisterSites: c.sisterSites,
    networkLinks: c.networkLinks,
    partnerLinks: c.partnerLinks,
    hardlinks: c.hardlinks.map((h) => ({ href: h.href, key: h.key, title: h.title })),
    partnerSlider: c.partnerSlider,
    ads: {
      underPlayer: c.ads.underPlayer ? html(c.ads.underPlayer) : null,
      footer: c.ads.footer.map(html),
      listing: c.ads.listing ? { every: c.ads.listing.every, html: c.ads.listing.html.map(html) } : null,
    },
  };
}

/**
 * What pages receive: hardlink titles in the visitor's language (English, then any, when missing), and the
 * URLs of the ad documents (ad-documents.routes.ts) instead of their HTML.
 */
export interface PageNetwork extends Omit<NetworkConfig, 'hardlinks' | 'partnerSlider' | 'ads'> {
  hardlinks: { href: string; key?: string; title?: string }[];
  ads: { underPlayer: string | null; footer: string[]; listing: { every: number; src: string[] } | null };
  partnerSlider: { key: string; count: number } | null;
  /** Host names of the sister sites (referrals from them are not geo views). */
  sisterHosts: string[];
}

export function pageNetwork(network: NetworkConfig, lang: string): PageNetwork {
  return {
    ...network,
    hardlinks: network.hardlinks.map((h) => ({
      href: h.href,
      key: h.key,
      title: typeof h.title === 'string' ? h.title : h.title ? (h.title[lang] ?? h.title.en) : undefined,
    })),
    partnerSlider: network.partnerSlider
      ? { key: network.partnerSlider.key, count: network.partnerSlider.count }
      : null,
    sisterHosts: network.sisterSites.map((s) => new URL(s.url).hostname),
    ads: {
      underPlayer: network.ads.underPlayer ? adDocumentUrl(lang, 'under-player', 0) : null,
      footer: network.ads.footer.map((_, i) => adDocumentUrl(lang, 'footer', i)),
      listing: network.ads.listing
        ? {
            every: network.ads.listing.every,
            src: network.ads.listing.html.map((_, i) => adDocumentUrl(lang, 'listing', i)),
          }
        : null,
    },
  };
}
