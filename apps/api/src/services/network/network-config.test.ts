import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { demoPartnerFeed } from './demo-partner-feed';
import { DEMO_NETWORK_FILE, loadNetworkConfig, pageNetwork, parseNetworkConfig } from './network-config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'vt-network-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the demo network', () => {
  it('is the default: sister sites, partners, a 17-item demo slider and all ad zones, on .example domains', () => {
    const network = loadNetworkConfig();
    expect(network.sisterSites.length).toBeGreaterThan(0);
    expect(network.partnerLinks.length).toBeGreaterThan(0);
    expect(network.partnerSlider).toEqual({ key: 'demo', count: 17, demo: true });
    expect(network.ads.underPlayer).toContain('<a');
    expect(network.ads.footer).toHaveLength(4);
    expect(network.ads.listing?.every).toBeGreaterThan(0);
    const urls = [...network.sisterSites, ...network.networkLinks, ...network.partnerLinks].map((l) => l.url);
    for (const url of urls) expect(new URL(url).hostname).toMatch(/\.example$/);
  });

  it('has ads that are plain HTML: no scripts and nothing loaded from elsewhere', () => {
    const { ads } = loadNetworkConfig(DEMO_NETWORK_FILE);
    for (const html of [ads.underPlayer ?? '', ...ads.footer, ...(ads.listing?.html ?? [])]) {
      expect(html).not.toMatch(/<script|<iframe|src=|@import|url\(/i);
    }
  });

  it('generates more partner videos than the slider shows, linking to the sister sites', () => {
    const network = loadNetworkConfig();
    const items = demoPartnerFeed(network);
    expect(items.length).toBeGreaterThan(17);
    expect(new Set(items.map((i) => i.url)).size).toBe(items.length);
    expect(items.every((i) => network.sisterSites.some((s) => i.url.startsWith(s.url)))).toBe(true);
  });
});

describe('NETWORK_CONFIG', () => {
  it('loads an operator file, with ad HTML inline or from files next to it', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'ads'));
    writeFileSync(join(dir, 'ads', 'banner.html'), '<b>banner</b>');
    const file = join(dir, 'network.json');
    writeFileSync(
      file,
      JSON.stringify({
        sisterSites: [{ title: 'Sister', url: 'https://sister.test/' }],
        hardlinks: [{ href: '/videos/top-rated/1/', title: { en: 'Best', de: 'Beste' } }],
        partnerSlider: { key: 'trade_1' },
        ads: { underPlayer: { html: '<i>under</i>' }, footer: [{ file: 'ads/banner.html' }] },
      }),
    );
    const config = loadConfig({ DATA_DIR: dir, NETWORK_CONFIG: file });
    expect(config.network.ads).toEqual({
      underPlayer: '<i>under</i>',
      footer: ['<b>banner</b>'],
      listing: null,
    });
    expect(config.network.partnerSlider).toEqual({ key: 'trade_1', count: 17, demo: false });
    expect(config.network.partnerLinks).toEqual([]);
    expect(config.partnerFeedsDir).toBe(join(dir, 'tf'));

    const german = pageNetwork(config.network, 'de');
    expect(german.hardlinks).toEqual([{ href: '/videos/top-rated/1/', key: undefined, title: 'Beste' }]);
    expect(pageNetwork(config.network, 'ja').hardlinks[0].title).toBe('Best');
    expect(german.sisterHosts).toEqual(['sister.test']);
    expect(german.partnerSlider).toEqual({ key: 'trade_1', count: 17 });
  });

  it('stops the start with every problem named', () => {
    const bad = {
      sisterSites: [{ title: 'No scheme', url: 'javascript:alert(1)' }],
      hardlinks: [{ href: 'https://elsewhere.test/' }, { href: '/videos/', key: 'nav.nowhere' }],
      partnerSlider: { key: '../etc' },
      ads: { footer: [{ html: 'a' }, { html: 'b' }, { html: 'c' }, { html: 'd' }, { html: 'e' }] },
    };
    expect(() => parseNetworkConfig(bad, tempDir(), 'network.json')).toThrowError(
      /sisterSites\.0\.url[\s\S]*hardlinks\.0\.href[\s\S]*hardlinks\.1\.key[\s\S]*partnerSlider\.key[\s\S]*ads\.footer/,
    );
  });

  it('names a missing file, a file that is not JSON and a missing ad file', () => {
    const dir = tempDir();
    expect(() => loadNetworkConfig(join(dir, 'none.json'))).toThrowError(
      /NETWORK_CONFIG: .*none\.json does not exist/,
    );
    writeFileSync(join(dir, 'broken.json'), '{ nope');
    expect(() => loadNetworkConfig(join(dir, 'broken.json'))).toThrowError(/is not JSON/);
    expect(() => parseNetworkConfig({ ads: { underPlayer: { file: 'gone.html' } } }, dir)).toThrowError(
      /ad file .*gone\.html does not exist/,
    );
  });

  it('accepts an empty object: no links, no slider, no ads', () => {
    expect(parseNetworkConfig({}, tempDir())).toEqual({
      sisterSites: [],
      networkLinks: [],
      partnerLinks: [],
      hardlinks: [],
      partnerSlider: null,
      ads: { underPlayer: null, footer: [], listing: null },
    });
  });
});
