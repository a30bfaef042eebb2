import { describe, expect, it } from 'vitest';
import { safeJson } from './safe-json';

describe('safeJson', () => {
  it('escapes markup that could end the script', () => {
    const out = safeJson({ name: '</script><script>alert(1)</script>' });
    expect(out).not.toContain('<');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it('escapes line separators', () => {
    const out = safeJson({ s: 'a\u2028b\u2029c' });
    expect(out).toBe('{"s":"a\\u2028b\\u2029c"}');
    expect(JSON.parse(out)).toEqual({ s: 'a\u2028b\u2029c' });
  });
});
