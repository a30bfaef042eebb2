import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { LANGS } from '../../packages/i18n/src/langs';
import { BROWSER_STRING_GROUPS, stringsFor } from '../../packages/i18n/src/strings';

const LOCALES = join(import.meta.dirname, '../../packages/i18n/locales');
const ROOT_ID = 'virtual:vt-strings';

/**
 * `virtual:vt-strings`: a lazy, content-hashed chunk per language and string group, built from the
 * catalogs in packages/i18n/locales, so switching language or opening a page with more strings fetches
 * one small immutable file (docs/decisions/0020-per-language-strings-and-lean-first-load.md).
 */
function stringChunks(): Plugin {
  return {
    name: 'vt-strings',
    resolveId(id) {
      if (id === ROOT_ID) return `\0${id}`;
      // Named after the file to come: assets/strings-ru-core-[hash].js.
      const part = /^virtual:vt-strings\/(\w+)\/(\w+)$/.exec(id);
      if (part) return `\0${ROOT_ID}/strings-${part[1]}-${part[2]}`;
    },
    load(id) {
      if (!id.startsWith(`\0${ROOT_ID}`)) return;
      const rest = id.slice(`\0${ROOT_ID}`.length);
      if (rest === '') {
        const entries = LANGS.map(
          (lang) =>
            `${lang}: {${BROWSER_STRING_GROUPS.map((g) => `${g}: () => import('${ROOT_ID}/${lang}/${g}')`).join(', ')}}`,
        );
        return `export const stringChunks = {${entries.join(',\n')}};`;
      }
      const [, lang, group] = /^\/strings-(\w+)-(\w+)$/.exec(rest) ?? [];
      const catalogs = Object.fromEntries(
        [...new Set(['en', lang])].map((code) => {
          const file = join(LOCALES, `${code}.json`);
          this.addWatchFile(file);
          return [code, JSON.parse(readFileSync(file, 'utf8'))];
        }),
      );
      const part = stringsFor(catalogs, lang as (typeof LANGS)[number], [
        group as (typeof BROWSER_STRING_GROUPS)[number],
      ]);
      // JSON.parse of a string literal parses faster than the same object as a JS literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}

/**
 * `react-i18next` is app/lib/react-i18next-lite.tsx in both builds: in the browser i18next and react-i18next
 * (~19 kB gzipped) were a sixth of the first-load budget for a `t` the lite instance does in 1 kB; on the
 * server react-i18next's per-component wrapper was a sixth of the render time.
 */
function liteReactI18next(): Plugin {
  const lite = join(import.meta.dirname, 'app/lib/react-i18next-lite.tsx');
  return {
    name: 'vt-react-i18next-lite',
    enforce: 'pre',
    resolveId(id) {
      if (id === 'react-i18next') return lite;
    },
  };
}

/**
 * The browser bundle takes React Router's production build. The package's exports name only its development
 * build (remix-run/react-router#14102), whose dev-only warnings, kept by `ENABLE_DEV_WARNINGS`, were 539 B
 * brotli of every first load. The server keeps the development build: the API's request handler imports
 * react-router outside Vite, and two copies on one side would not share the router's contexts
 * (docs/decisions/0049-react-router-production-build-in-the-browser.md).
 */
function routerProductionBuild(): Plugin {
  const dist = join(import.meta.dirname, '../../node_modules/react-router/dist/production');
  return {
    name: 'vt-react-router-production',
    enforce: 'pre',
    apply: 'build',
    resolveId(id, _importer, options) {
      if (options?.ssr) return;
      if (id === 'react-router') return join(dist, 'index.mjs');
      if (id === 'react-router/dom') return join(dist, 'dom-export.mjs');
    },
  };
}

export default defineConfig({
  plugins: [liteReactI18next(), routerProductionBuild(), reactRouter(), stringChunks()],
  build: {
    // hls.js (~580 kB) is a lazy chunk loaded only by the player; nothing else comes close.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // React, React DOM and React Router in one file, and the small modules most routes share in another:
        // a first load is about a dozen requests instead of thirty to fifty (each a round trip on a phone
        // over HTTP/1.1) and one manifest entry each (docs/decisions/0027-first-paint.md).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            {
              name: 'app-lib',
              test: /apps[\\/]web[\\/]app[\\/](lib|components)[\\/]|packages[\\/]i18n[\\/]src[\\/]/,
              minShareCount: 5,
              maxModuleSize: 3000,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
