import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('keeps values, null included, until they expire', () => {
    const cache = new TtlCache<string, number | null>(1000, 10);
    cache.set('a', 1, 0);
    cache.set('miss', null, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('miss', 999)).toBeNull();
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.get('never', 0)).toBeUndefined();
  });

  it('starts over when full, and deletes by predicate', () => {
    const cache = new TtlCache<string, number>(1000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    cache.set('c', 3, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(3);
    cache.set('d', 4, 0);
    cache.deleteWhere((_key, value) => value === 4);
    expect(cache.get('d', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(3);
  });
});
