#!/usr/bin/env node
// Deep-merges new keys into the locale catalogs without rewriting anyone else's keys.
// Usage: node scripts/i18n-merge.mjs keys.json   where keys.json is { "en": {...}, "ru": {...}, ... }
// Several people (and agents) add keys at once: run it under `flock /tmp/vt-i18n.lock`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'packages', 'i18n', 'locales');
const additions = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function merge(target, source, path) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object') {
      if (typeof target[key] !== 'object' || target[key] === null) target[key] = {};
      merge(target[key], value, `${path}${key}.`);
    } else {
      target[key] = value;
    }
  }
}

for (const [lang, keys] of Object.entries(additions)) {
  const file = join(dir, `${lang}.json`);
  const catalog = JSON.parse(readFileSync(file, 'utf8'));
  merge(catalog, keys, '');
  writeFileSync(file, `${JSON.stringify(catalog, null, 2)}\n`);
  console.log(`${lang}: merged`);
}
