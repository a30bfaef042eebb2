import { describe, expect, it, vi } from 'vitest';
import { once } from './use-on-demand';

describe('once', () => {
  it('loads a module once however often it is asked', async () => {
    const load = vi.fn(async () => 'module');
    const get = once(load);
    expect(await Promise.all([get(), get(), get()])).toEqual(['module', 'module', 'module']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call fetches again instead of failing for the life of the page', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('module');
    const get = once(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('module');
    expect(await get()).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
