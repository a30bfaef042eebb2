import { describe, expect, it } from 'vitest';
import { embedCode } from '../components/share-modal';
import { escapeAttribute } from './copy-text';

describe('embed code', () => {
  it('is a 426×265 iframe of the embed path with the title escaped', () => {
    expect(
      embedCode('https://example.test', { id: 12, dir: 'wild-affair-1956', title: 'Say "Hi" & <go>' }),
    ).toBe(
      '<iframe src="https://example.test/embed/12/wild-affair-1956/" width="426" height="265" frameborder="0" scrolling="no" allowfullscreen title="Say &quot;Hi&quot; &amp; &lt;go&gt;"></iframe>',
    );
  });

  it('escapes attribute values', () => {
    expect(escapeAttribute(`a"b'c&d`)).toBe(`a&quot;b'c&amp;d`);
  });
});
