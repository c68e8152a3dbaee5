import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheRegistry } from './cache-registry.js';
import { connectRedisPeers } from './redis-peers.js';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const silent = { warn: () => {} };
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A registry with one cache that records what it was told, joined to Redis on `channel`. */
async function instance(channel: string) {
  const caches = new CacheRegistry();
  const forgotten: unknown[] = [];
  let cleared = 0;
  caches.register(
    'pages',
    () => {
      cleared += 1;
    },
    (key) => forgotten.push(key),
  );
  const peers = connectRedisPeers(caches, { url, channel, log: silent });
  closers.push(() => peers.close());
  return { caches, forgotten, cleared: () => cleared };
}

/** Waits until both instances' subscriptions are in place (a publish counts its subscribers). */
async function subscribed(channel: string, count: number) {
  const probe = new Redis(url);
  try {
    await vi.waitFor(async () => {
      const [, n] = (await probe.pubsub('NUMSUB', channel)) as [string, number];
      expect(Number(n)).toBe(count);
    });
  } finally {
    probe.disconnect();
  }
}

describe('cache changes through Redis', () => {
  it('reach the other instances once, never echo back, and survive garbage on the channel', async () => {
    const channel = `tessera:test:caches:${Math.random().toString(36).slice(2)}`;
    const a = await instance(channel);
    const b = await instance(channel);
    await subscribed(channel, 2);

    a.caches.forget('pages', { siteId: 1, tags: ['entry:7'] });
    await vi.waitFor(() => expect(b.forgotten).toEqual([{ siteId: 1, tags: ['entry:7'] }]));
    // Applied here at once, and not a second time when its own message comes back.
    expect(a.forgotten).toEqual([{ siteId: 1, tags: ['entry:7'] }]);

    await b.caches.clear('pages');
    await vi.waitFor(() => expect(a.cleared()).toBe(1));
    expect(b.cleared()).toBe(1);

    const rogue = new Redis(url);
    await rogue.publish(channel, 'not json');
    await rogue.publish(channel, JSON.stringify({ name: 'pages' }));
    rogue.disconnect();
    a.caches.forget('pages', 'after');
    await vi.waitFor(() => expect(b.forgotten).toEqual([{ siteId: 1, tags: ['entry:7'] }, 'after']));
  });

  it('does not fail or hold anything up when Redis cannot be reached', async () => {
    const caches = new CacheRegistry();
    const forgotten: unknown[] = [];
    caches.register(
      'pages',
      () => {},
      (key) => forgotten.push(key),
    );
    const warnings: string[] = [];
    const peers = connectRedisPeers(caches, {
      url: 'redis://127.0.0.1:1',
      channel: 'tessera:test:nowhere',
      log: { warn: (_details, message) => warnings.push(message) },
    });
    try {
      caches.forget('pages', 1);
      expect(forgotten).toEqual([1]);
      await vi.waitFor(() => expect(warnings.length).toBe(1));
    } finally {
      await peers.close();
    }
  });
});
