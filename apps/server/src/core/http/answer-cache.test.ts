import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.js';

const json = (body: string) => ({ body, contentType: 'application/json; charset=utf-8' });

describe('AnswerCache', () => {
  it('keeps an answer until its site changes, and only that site', () => {
    const cache = new AnswerCache();
    cache.set(1, 'one', json('{"a":1}'), cache.mark());
    cache.set(2, 'two', json('{"b":2}'), cache.mark());
    expect(cache.get('one')?.body).toBe('{"a":1}');
    cache.forgetSite(1);
    expect(cache.get('one')).toBeNull();
    expect(cache.get('two')?.body).toBe('{"b":2}');
    cache.clear();
    expect(cache.get('two')).toBeNull();
  });

  it('refuses an answer read before its site changed', () => {
    const cache = new AnswerCache();
    const before = cache.mark();
    cache.forgetSite(1);
    cache.set(1, 'stale', json('{}'), before);
    expect(cache.get('stale')).toBeNull();
    // Another site's read is not held back by site 1's change; everything's change holds all back.
    cache.set(2, 'fine', json('{}'), before);
    expect(cache.get('fine')).not.toBeNull();
    const again = cache.mark();
    cache.clear();
    cache.set(2, 'late', json('{}'), again);
    expect(cache.get('late')).toBeNull();
    cache.set(2, 'after', json('{}'), cache.mark());
    expect(cache.get('after')).not.toBeNull();
  });

  it('ends an answer at its own time or at the maximum age, whichever comes first', () => {
    const cache = new AnswerCache(1024 * 1024, 60_000);
    cache.set(1, 'locked', json('{}'), cache.mark(), 1_000 + 5_000, 1_000);
    expect(cache.get('locked', 5_999)).not.toBeNull();
    expect(cache.get('locked', 6_000)).toBeNull();
    cache.set(1, 'plain', json('{}'), cache.mark(), undefined, 1_000);
    expect(cache.get('plain', 60_999)).not.toBeNull();
    expect(cache.get('plain', 61_000)).toBeNull();
    expect(cache.size()).toEqual({ answers: 0, bytes: 0 });
  });

  it('holds at most its bytes, the least recently used going first', () => {
    // Each answer counts its UTF-16 bytes and its key's, plus 200: 1,602 bytes here, 9 fit in 16,000.
    const cache = new AnswerCache(16_000);
    const body = 'x'.repeat(700);
    for (const key of 'abcdefghi') cache.set(1, key, json(body), cache.mark());
    expect(cache.size()).toEqual({ answers: 9, bytes: 9 * 1_602 });
    expect(cache.get('a')).not.toBeNull();
    cache.set(1, 'e', json(body), cache.mark());
    cache.set(1, 'j', json(body), cache.mark());
    expect(cache.size().bytes).toBeLessThanOrEqual(16_000);
    // b was the least recently used once a was read again.
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('j')).not.toBeNull();
    // One answer larger than an eighth of the whole is never kept.
    cache.set(1, 'huge', json('y'.repeat(1_000)), cache.mark());
    expect(cache.get('huge')).toBeNull();
  });
});
