import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { catalogs, stringGroupOf } from '@vt/i18n';
import { describe, expect, it } from 'vitest';

/**
 * A page gets `core` plus the string groups its routes name (`handle.strings`, root.tsx). This reads the
 * app's sources: for every key of another group that a module renders, every route whose module imports
 * it (directly or through other modules) must name that group, or a client-side move there would show
 * the key instead of its text.
 */

const APP = resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.(test|server)\.tsx?$|\.d\.ts$/.test(name) ? [path] : [];
  });
}

const files = sources(APP);
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

/**
 * The modules a file imports, each with the groups that arrive with it: a module imported on demand beside
 * `loadStrings(currentLang(), [...])` (a dialog, staff tools) gets its strings with it.
 */
function importsOf(file: string): { file: string; groups: string[] }[] {
  const source = text.get(file)!;
  const onDemand = /loadStrings\(currentLang\(\), \[([^\]]*)\]\)/.exec(source);
  const loaded = onDemand ? [...onDemand[1]!.matchAll(/'(\w+)'/g)].map((m) => m[1]!) : [];
  const out: { file: string; groups: string[] }[] = [];
  for (const [, how, spec] of source.matchAll(/(from|import\()\s*['"](\.[^'"]+)['"]/g)) {
    const base = resolve(dirname(file), spec!);
    const found = ['', '.tsx', '.ts'].map((ext) => base + ext).find((path) => text.has(path));
    if (found) out.push({ file: found, groups: how === 'from' ? [] : loaded });
  }
  return out;
}

/** Every module a file reaches, with the groups that arrived on the way there (once per distinct way). */
function reach(file: string, groups: string[] = [], seen = new Map<string, Set<string>>()) {
  const key = [...groups].sort().join(',');
  const ways = seen.get(file) ?? new Set<string>();
  if (ways.has(key)) return seen;
  seen.set(file, ways.add(key));
  for (const next of importsOf(file)) reach(next.file, [...groups, ...next.groups], seen);
  return seen;
}

const keys = (() => {
  const out: string[] = [];
  const walk = (tree: object, prefix: string) => {
    for (const [k, v] of Object.entries(tree))
      typeof v === 'string' ? out.push(prefix + k) : walk(v as object, `${prefix}${k}.`);
  };
  walk(catalogs.en, '');
  return out;
})();
const namespaces = new Set(keys.map((key) => key.split('.')[0]));

/**
 * The groups of the catalog keys a module names: a whole key's, or for the fixed start of keys built in a
 * template (`models.headline.${sort}`) the one group all keys so starting are in (a start shared by keys of
 * several groups, as `info.pages.` is, says nothing).
 */
function keysIn(file: string): { key: string; group: string }[] {
  const out: { key: string; group: string }[] = [];
  for (const [, literal] of text.get(file)!.matchAll(/['"`]([a-z_]+\.[\w.-]*)/g)) {
    if (!namespaces.has(literal!.split('.')[0]!)) continue;
    const groups = new Set(
      keys.filter((key) => key === literal || key.startsWith(literal!)).map(stringGroupOf),
    );
    if (groups.size === 1) out.push({ key: literal!, group: [...groups][0]! });
  }
  return out;
}

/** Keys a route module translates in its server loader, never in the browser. */
const SERVER_ONLY = new Set([
  'routes/appeal.tsx moderation.subject.',
  'routes/appeal.tsx moderation.subject.other',
]);

/** A route module's groups: its `handle.strings`, and for a child of the staff area its layout's. */
function groupsOf(route: string): string[] {
  const source = text.get(route)!;
  const named =
    /strings: \[([^\]]*)\]/.exec(source) ?? /const strings = routeStrings\(([^)]*)\)/.exec(source);
  const own = named ? [...named[1]!.matchAll(/'(\w+)'/g)].map((m) => m[1]!) : [];
  const layout = join(APP, 'routes/moderation.tsx');
  return relative(APP, route).startsWith('routes/moderation-') ? [...own, ...groupsOf(layout)] : own;
}

describe('string groups of pages', () => {
  it('every route names the groups of the keys its modules render', () => {
    const missing: string[] = [];
    const routes = files.filter((file) => relative(APP, file).startsWith('routes/'));
    for (const route of routes) {
      const named = ['core', 'server', ...groupsOf(route)];
      for (const [file, ways] of reach(route))
        for (const { key, group } of keysIn(file)) {
          if (SERVER_ONLY.has(`${relative(APP, file)} ${key}`)) continue;
          for (const way of ways)
            if (!named.includes(group) && !way.split(',').includes(group))
              missing.push(`${relative(APP, route)}: ${key} (${group}) in ${relative(APP, file)}`);
        }
    }
    expect([...new Set(missing)]).toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('a route fetches on a client-side move the groups it names', () => {
    const drift: string[] = [];
    for (const route of files.filter((file) => relative(APP, file).startsWith('routes/'))) {
      const source = text.get(route)!;
      const fetched = /withStrings\(\[([^\]]*)\]/.exec(source);
      const paged = /const strings = routeStrings\(([^)]*)\)/.exec(source);
      if (paged && !/useStrings\(strings\)/.test(source))
        drift.push(`${relative(APP, route)}: no useStrings`);
      const loads = fetched ?? paged;
      const named = /strings: \[([^\]]*)\]/.exec(source);
      if (named && !loads) drift.push(`${relative(APP, route)}: names groups it never fetches`);
      if (named && fetched && named[1] !== fetched[1])
        drift.push(`${relative(APP, route)}: ${named[1]} ≠ ${fetched[1]}`);
    }
    expect(drift).toEqual([]);
  });

  it('the layout, on every page, renders core keys only', () => {
    const outside = [...reach(join(APP, 'root.tsx')).keys()].flatMap((file) =>
      keysIn(file)
        .filter(({ group }) => group !== 'core')
        .map(({ key }) => `${key} in ${relative(APP, file)}`),
    );
    expect(outside).toEqual([]);
  });
});
