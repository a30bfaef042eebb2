import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, withScriptHashes } from './script-hashes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const hashes = (html: string) => inlineScriptHashes(Buffer.from(html, 'utf8'));

describe('inline script hashes', () => {
  it('hashes each inline script once, over its bytes, and skips scripts with src and data blocks', () => {
    const html = [
      '<!DOCTYPE html><html><head><script nonce="n">window.a=1</script>',
      '<script type="module" src="/assets/a.js"></script>',
      '<script type="application/json" id="s">{"t":"Grüße"}</script>',
      '<script type="application/ld+json">{"@type":"VideoObject"}</script>',
      '</head><body><script>go("Grüße, 映画")</script><script>window.a=1</script>',
      '<script async nonce="n">\nlast()\n</script ></body></html>',
    ].join('');
    expect(hashes(html)).toEqual([sha('window.a=1'), sha('go("Grüße, 映画")'), sha('\nlast()\n')]);
  });

  it('reads only whole <script> tags: not <scripts>, and a script ends at its first </script>', () => {
    expect(hashes('<scripts>x</scripts><script>a</script-x>b</script>')).toEqual([sha('a</script-x>b')]);
    expect(hashes('<script>unclosed')).toEqual([]);
    expect(hashes('<script')).toEqual([]);
    expect(hashes('<script>')).toEqual([]);
    expect(hashes('<script></script>')).toEqual([sha('')]);
  });

  it("swaps the policy's nonce for the hashes, or drops it when the page runs no inline script", () => {
    const policy = "script-src 'self' 'nonce-abc'; object-src 'none'";
    expect(withScriptHashes(policy, 'abc', [sha('a')])).toBe(
      `script-src 'self' ${sha('a')}; object-src 'none'`,
    );
    expect(withScriptHashes(policy, 'abc', [])).toBe("script-src 'self'; object-src 'none'");
    expect(withScriptHashes(policy, 'other', [sha('a')])).toBeNull();
  });
});
