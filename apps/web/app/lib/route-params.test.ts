import { describe, expect, it } from 'vitest';
import { parseId, parsePage } from './route-params';

describe('parsePage', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['10000', 10000],
    ['10001', null],
    ['0', null],
    ['01', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (value, expected) => {
    expect(parsePage(value)).toBe(expected);
  });

  it('honours a lower maximum', () => {
    expect(parsePage('21', 20)).toBeNull();
    expect(parsePage('20', 20)).toBe(20);
  });
});

describe('parseId', () => {
  it('accepts positive integers only', () => {
    expect(parseId('123')).toBe(123);
    expect(parseId('latest-updates')).toBeNull();
    expect(parseId('0')).toBeNull();
    expect(parseId('12a')).toBeNull();
  });
});
