import { describe, expect, it } from 'vitest';
import { BadSegment, parseBucketed, parseRelatedTail, parseVideos2 } from './paths';

describe('parseVideos2', () => {
  it('parses the conventions examples', () => {
    expect(parseVideos2('86400/straight/latest-updates/60/all..1.all.0.all')).toEqual({
      lifetime: 86400,
      gender: 'straight',
      sort: 'latest-updates',
      relevance: false,
      count: 60,
      target: { section: 'all' },
      page: 1,
      hdOnly: false,
      duration: 0,
      date: 'all',
    });
    expect(parseVideos2('0/straight/top-rated/60/categories.retro,amateur.2.all.3.week')).toMatchObject({
      target: { section: 'categories', dirs: ['retro', 'amateur'] },
      page: 2,
      duration: 3,
      date: 'week',
    });
  });

  it('parses member lists, countries, models and playlists', () => {
    expect(parseVideos2('0/gay/latest-updates/60/member.42.1.watch_later.0.all').target).toEqual({
      section: 'member',
      memberId: 42,
      list: 'watch_later',
    });
    expect(parseVideos2('0/straight/most-popular/25/country.de.1.all.0.all').target).toEqual({
      section: 'country',
      country: 'de',
    });
    expect(parseVideos2('0/straight/most-popular/25/models.clara-vane.1.hd.0.all')).toMatchObject({
      target: { section: 'models', dir: 'clara-vane' },
      hdOnly: true,
    });
    expect(parseVideos2('0/straight/most-popular/60/playlist.7.1.all.0.all').target).toEqual({
      section: 'playlist',
      playlistId: 7,
    });
  });

  it('accepts relevance only where search allows it', () => {
    expect(() => parseVideos2('0/straight/relevance/60/all..1.all.0.all')).toThrow(BadSegment);
    expect(parseVideos2('0/straight/relevance/60/all..1.all.0.all', { allowRelevance: true }).relevance).toBe(
      true,
    );
  });

  it.each([
    ['0/straight/latest-updates/60/all..1.all.0', 'bad_path'],
    ['0/straight/latest-updates/60/all.x.1.all.0.all', 'bad_object_id'],
    ['0/straight/latest-updates/60/country.deu.1.all.0.all', 'bad_object_id'],
    ['0/straight/latest-updates/60/member.1.1.all.0.all', 'bad_type'],
    ['0/straight/latest-updates/60/all..10001.all.0.all', 'bad_page'],
    ['1e3/straight/latest-updates/60/all..1.all.0.all', 'bad_lifetime'],
  ])('refuses %s', (path, code) => {
    expect(() => parseVideos2(path)).toThrow(code);
  });
});

describe('parseBucketed', () => {
  it('checks that the bucket matches the id', () => {
    expect(parseBucketed('123000', '123456')).toBe(123456);
    expect(parseBucketed('0', '999')).toBe(999);
    const err = (() => {
      try {
        parseBucketed('1000', '999');
      } catch (e) {
        return e as BadSegment;
      }
    })();
    expect(err?.status).toBe(404);
  });
});

describe('parseRelatedTail', () => {
  it('splits id, type and page', () => {
    expect(parseRelatedTail('123.all.2')).toEqual({ id: '123', hdOnly: false, page: 2 });
    expect(() => parseRelatedTail('123.all.21')).toThrow('bad_page');
  });
});
