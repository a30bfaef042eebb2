import { describe, expect, it } from 'vitest';
import { NO_MODEL_FILTERS } from '../services/models/model.service';
import {
  modelFiltSegment,
  parseAlbums,
  parseModelFilters,
  parseModelPrefixed,
  parseModels,
} from './catalog-paths';
import { BadSegment } from './paths';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof BadSegment) return `${e.status} ${e.message}`;
    throw e;
  }
  return 'ok';
};

describe('parseAlbums', () => {
  it('parses each section', () => {
    expect(parseAlbums('86400/straight/latest-updates/60/all..1')).toEqual({
      lifetime: 86400,
      gender: 'straight',
      sort: 'latest-updates',
      count: 60,
      target: { section: 'all' },
      page: 1,
    });
    expect(parseAlbums('0/gay/top-rated/24/categories.retro.3').target).toEqual({
      section: 'categories',
      dir: 'retro',
    });
    expect(parseAlbums('0/gay/most-viewed/24/models.lena-varga.1').target).toEqual({
      section: 'models',
      dir: 'lena-varga',
    });
    expect(parseAlbums('0/gay/most-commented/24/member.42.1').target).toEqual({
      section: 'member',
      memberId: 42,
    });
  });

  it('rejects malformed segments', () => {
    expect(code(() => parseAlbums('0/straight/latest-updates/60/all.x.1'))).toBe('400 bad_object_id');
    expect(code(() => parseAlbums('0/straight/latest-updates/60/categories.a,b.1'))).toBe(
      '400 bad_object_id',
    );
    expect(code(() => parseAlbums('0/straight/longest/60/all..1'))).toBe('400 bad_sort');
    expect(code(() => parseAlbums('0/straight/latest-updates/60/all..1.all'))).toBe('400 bad_path');
  });
});

describe('model filters', () => {
  it('reads ten dot-separated values after filt, empty meaning any', () => {
    expect(parseModelFilters('filt.........')).toEqual(NO_MODEL_FILTERS);
    expect(parseModelFilters('filtb.latin.3.de.small.2.4.1.2.1')).toEqual({
      alphabet: 'b',
      race: 'latin',
      age: 3,
      country: 'de',
      titsSize: 'small',
      hairColor: 2,
      height: 4,
      weight: 1,
      tattoo: 2,
      piercing: 1,
    });
  });

  it('round-trips through modelFiltSegment', () => {
    for (const segment of ['filt.........', 'filtb.latin.3.de.small.2.4.1.2.1', 'filt...us.....2.']) {
      expect(modelFiltSegment(parseModelFilters(segment))).toBe(segment);
    }
  });

  it('names the bad filter', () => {
    expect(code(() => parseModelFilters('filt........'))).toBe('400 bad_filt');
    expect(code(() => parseModelFilters('filt..0.......'))).toBe('400 bad_age');
    expect(code(() => parseModelFilters('filt.....05....'))).toBe('400 bad_hair_color');
    expect(code(() => parseModels('0/straight/filt........./alphabet/60/1'))).toBe('ok');
    expect(code(() => parseModels('0/straight/filt........./most-rated/60/1'))).toBe('400 bad_sort');
  });
});

describe('parseModelPrefixed', () => {
  it('checks the prefix against the first character of the dir', () => {
    expect(parseModelPrefixed('l', 'lena-varga')).toBe('lena-varga');
    expect(code(() => parseModelPrefixed('m', 'lena-varga'))).toBe('404 bad_prefix');
    expect(code(() => parseModelPrefixed('le', 'lena-varga'))).toBe('400 bad_prefix');
    expect(code(() => parseModelPrefixed('l', 'Lena'))).toBe('400 bad_dir');
  });
});
