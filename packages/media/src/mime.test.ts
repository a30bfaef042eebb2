import { describe, expect, it } from 'vitest';
import { mimeTypeFor } from './mime';

describe('mimeTypeFor', () => {
  it('knows the media types', () => {
    expect(mimeTypeFor('/m/master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(mimeTypeFor('720p/seg-0001.ts')).toBe('video/mp2t');
    expect(mimeTypeFor('timeline.vtt')).toMatch(/^text\/vtt/);
    expect(mimeTypeFor('THUMB.JPG')).toBe('image/jpeg');
    expect(mimeTypeFor('a.mp4')).toBe('video/mp4');
    expect(mimeTypeFor('manifest.json')).toMatch(/^application\/json/);
    expect(mimeTypeFor('README')).toBe('application/octet-stream');
  });
});
