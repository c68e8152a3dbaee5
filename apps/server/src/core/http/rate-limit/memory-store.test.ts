import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './memory-store.js';

const stores: MemoryRateLimitStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

/** A store on a clock the test moves by hand. */
function storeAt(start: number, options: { maxKeys?: number } = {}) {
  const clock = { now: start };
  const store = new MemoryRateLimitStore({ ...options, now: () => clock.now });
  stores.push(store);
  return { store, clock };
}

describe('MemoryRateLimitStore', () => {
  it('counts hits of one key within a window that opens with the first hit', async () => {
    const { store, clock } = storeAt(1_000);
    expect(await store.hit('general:ip:a', 60_000)).toEqual({ count: 1, resetAt: 61_000 });
    clock.now = 30_000;
    expect(await store.hit('general:ip:a', 60_000)).toEqual({ count: 2, resetAt: 61_000 });
    clock.now = 60_999;
    expect((await store.hit('general:ip:a', 60_000)).count).toBe(3);
  });

  it('starts a new window once the old one has ended', async () => {
    const { store, clock } = storeAt(0);
    await store.hit('k', 60_000);
    await store.hit('k', 60_000);
    clock.now = 60_000;
    expect(await store.hit('k', 60_000)).toEqual({ count: 1, resetAt: 120_000 });
  });

  it('keeps keys apart', async () => {
    const { store } = storeAt(0);
    await store.hit('general:ip:a', 60_000);
    await store.hit('general:ip:a', 60_000);
    expect((await store.hit('general:ip:b', 60_000)).count).toBe(1);
    expect((await store.hit('search:ip:a', 60_000)).count).toBe(1);
  });

  it('counts every one of many concurrent hits', async () => {
    const { store } = storeAt(0);
    const hits = await Promise.all(Array.from({ length: 100 }, () => store.hit('k', 60_000)));
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
  });

  it('sweeps out ended windows', async () => {
    const { store, clock } = storeAt(0);
    await store.hit('a', 10_000);
    await store.hit('b', 60_000);
    clock.now = 20_000;
    store.sweep();
    expect(store.size).toBe(1);
    expect((await store.hit('b', 60_000)).count).toBe(2);
  });

  it('holds at most maxKeys, dropping the oldest window first', async () => {
    const { store, clock } = storeAt(0, { maxKeys: 3 });
    for (const key of ['a', 'b', 'c']) {
      await store.hit(key, 60_000);
      clock.now += 1;
    }
    await store.hit('d', 60_000);
    expect(store.size).toBe(3);
    expect((await store.hit('b', 60_000)).count).toBe(2);
    // "a" was the oldest window and went; it starts again from one.
    expect((await store.hit('a', 60_000)).count).toBe(1);
  });

  it('counts several units at once for a costly request', async () => {
    const { store } = storeAt(0);
    expect(await store.hit('k', 60_000, 40)).toEqual({ count: 40, resetAt: 60_000 });
    expect((await store.hit('k', 60_000)).count).toBe(41);
  });

  it('peeks at a window without counting', async () => {
    const { store, clock } = storeAt(0);
    expect(await store.peek('k')).toBeNull();
    await store.hit('k', 60_000);
    expect(await store.peek('k')).toEqual({ count: 1, resetAt: 60_000 });
    expect(await store.peek('k')).toEqual({ count: 1, resetAt: 60_000 });
    clock.now = 60_000;
    expect(await store.peek('k')).toBeNull();
  });

  it('forgets everything on close', async () => {
    const { store } = storeAt(0);
    await store.hit('a', 60_000);
    await store.close();
    expect(store.size).toBe(0);
  });
});
