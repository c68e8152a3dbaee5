import { describe, expect, it } from 'vitest';
import { CacheRegistry } from './cache-registry.js';

describe('CacheRegistry', () => {
  it('clears every registered cache and names them', async () => {
    const registry = new CacheRegistry();
    const cleared: string[] = [];
    registry.register('a', () => {
      cleared.push('a');
    });
    registry.register('b', async () => {
      cleared.push('b');
    });
    expect(await registry.clearAll()).toEqual(['a', 'b']);
    expect(cleared.sort()).toEqual(['a', 'b']);
  });

  it('refuses a second registration under one name', () => {
    const registry = new CacheRegistry();
    registry.register('a', () => {});
    expect(() => registry.register('a', () => {})).toThrow(/already registered/);
  });

  it('clears the others when one fails, then reports the failure', async () => {
    const registry = new CacheRegistry();
    let otherCleared = false;
    registry.register('broken', () => {
      throw new Error('boom');
    });
    registry.register('fine', () => {
      otherCleared = true;
    });
    await expect(registry.clearAll()).rejects.toThrow(/broken/);
    expect(otherCleared).toBe(true);
  });
});
