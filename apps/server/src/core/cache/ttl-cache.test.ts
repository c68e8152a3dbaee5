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

  it('evicts the least recently used entry when full, not everything', () => {
    const cache = new TtlCache<string, number>(1000, 2);
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    // Reading "a" makes "b" the least recent.
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 3, 0);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBe(1);
    expect(cache.get('c', 1)).toBe(3);
  });

  it('keeps an entry in constant use through a flood of one-off keys', () => {
    const cache = new TtlCache<string, number>(60_000, 100);
    cache.set('real', 1, 0);
    for (let i = 0; i < 10_000; i += 1) {
      cache.set(`flood-${i}`, i, 0);
      if (i % 50 === 0) expect(cache.get('real', 0)).toBe(1);
    }
    expect(cache.get('real', 0)).toBe(1);
    expect(cache.size).toBe(100);
  });

  it('overwrites a key without growing, and deletes by key and by predicate', () => {
    const cache = new TtlCache<string, number>(1000, 2);
    cache.set('a', 1, 0);
    cache.set('a', 2, 0);
    expect(cache.size).toBe(1);
    expect(cache.get('a', 1)).toBe(2);
    cache.set('d', 4, 0);
    cache.deleteWhere((_key, value) => value === 4);
    expect(cache.get('d', 1)).toBeUndefined();
    cache.delete('a');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops an expired entry when it is read', () => {
    const cache = new TtlCache<string, number>(10, 5);
    cache.set('a', 1, 0);
    expect(cache.get('a', 10)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
