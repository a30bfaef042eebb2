import { describe, expect, it } from 'vitest';
import { createI18n } from './create-i18n';

describe('createI18n', () => {
  it('is ready synchronously', () => {
    const sut = createI18n('de');
    expect(sut.isInitialized).toBe(true);
    expect(sut.t('nav.videos')).toBe('Videos');
    expect(sut.t('error.404')).toBe('Hoppla! Inhalt nicht gefunden!');
  });

  it('interpolates without HTML escaping', () => {
    const sut = createI18n('en');
    expect(sut.t('home.top_in', { country: 'Bosnia & Herzegovina' })).toBe('Top in Bosnia & Herzegovina');
  });

  it('keeps instances independent', () => {
    const a = createI18n('fr');
    const b = createI18n('ru');
    expect(a.t('listing.empty.videos')).toBe('Aucune vidéo trouvée');
    expect(b.t('listing.empty.videos')).toBe('Видео не найдены');
    expect(createI18n('en').t('listing.empty.videos')).toBe('Videos not found');
  });
});
