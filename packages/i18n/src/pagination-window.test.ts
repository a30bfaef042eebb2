import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination-window';

describe('paginationWindow', () => {
  it('centres the current page', () => {
    expect(paginationWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
  });

  it('sticks to the start', () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it('sticks to the end', () => {
    expect(paginationWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(paginationWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('shows every page when there are fewer than the window', () => {
    expect(paginationWindow(2, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 1)).toEqual([1]);
  });

  it('is empty without pages', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('clamps a page beyond the last one', () => {
    expect(paginationWindow(99, 7)).toEqual([3, 4, 5, 6, 7]);
  });

  it('honours a custom size', () => {
    expect(paginationWindow(5, 10, 3)).toEqual([4, 5, 6]);
    expect(paginationWindow(5, 10, 4)).toEqual([3, 4, 5, 6]);
  });
});
