import { describe, expect, it } from 'vitest';
import { withoutTracking } from './tracking-params';

describe('withoutTracking', () => {
  it('drops ad, social and mail parameters and keeps the rest in order, byte for byte', () => {
    expect(withoutTracking('?utm_source=x&utm_medium=cpc&fbclid=AbC')).toBe('');
    expect(withoutTracking('?s=old%20films&gclid=1&related_page=2')).toBe('?s=old%20films&related_page=2');
    expect(withoutTracking('?fbclid=1&s=a+b')).toBe('?s=a+b');
    expect(withoutTracking('?utm_campaign=x&playlist=4&pl_page=2&_gl=1*abc')).toBe('?playlist=4&pl_page=2');
  });

  it('leaves queries without them untouched, malformed ones included', () => {
    for (const search of ['', '?', '?s=utm_source', '?s=%E0%A4%A', '?gclidx=1', '?my_gl=2', '?a=1&&b=2'])
      expect(withoutTracking(search)).toBe(search);
    expect(withoutTracking('?%E0%A4%A=1&fbclid=2')).toBe('?%E0%A4%A=1');
  });
});
