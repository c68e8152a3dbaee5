import { describe, expect, it } from 'vitest';
import { EVERYTHING, PageCache, tagsOfEvent } from './page-cache.js';

const page = (html: string) => ({
  status: 200 as const,
  body: Buffer.from(html),
  etag: `"${html.length}"`,
  headers: {},
  rawHeaders: [],
});

describe('PageCache', () => {
  it('answers what it holds until something it shows changes', () => {
    const cache = new PageCache();
    cache.set(1, 's1', '/a', page('<p>a</p>'), ['entry:1']);
    cache.set(1, 's1', '/', page('<p>home</p>'), ['list:post', 'entry:1', 'entry:2']);
    cache.set(2, 's2', '/a', page('<p>other site</p>'), ['entry:1']);
    expect(cache.get(1, 's1', '/a')?.body.toString()).toBe('<p>a</p>');
    expect(cache.invalidate(1, ['entry:2'])).toBe(1);
    expect(cache.get(1, 's1', '/')).toBeNull();
    expect(cache.get(1, 's1', '/a')).not.toBeNull();
    expect(cache.get(2, 's2', '/a')).not.toBeNull();
    // The site record changed (branding): its pages are stale.
    expect(cache.get(1, 's1-later', '/a')).toBeNull();
    cache.set(1, 's1', '/b', page('b'), []);
    expect(cache.invalidate(1, [EVERYTHING])).toBe(1);
    expect(cache.get(2, 's2', '/a')).not.toBeNull();
  });

  it('stops answering a page at the moment it said it would be wrong', () => {
    const cache = new PageCache();
    cache.set(1, 's1', '/sale', { ...page('on'), expiresAt: Date.now() + 60_000 }, []);
    cache.set(1, 's1', '/over', { ...page('over'), expiresAt: Date.now() - 1 }, []);
    expect(cache.get(1, 's1', '/sale')?.body.toString()).toBe('on');
    expect(cache.get(1, 's1', '/over')).toBeNull();
    expect(cache.size).toBe(1);
  });

  it('stays within its size, dropping the least recently used', () => {
    const cache = new PageCache(10_000);
    for (let i = 0; i < 10; i++) cache.set(1, 's', `/${i}`, page('x'.repeat(1000)), []);
    expect(cache.size).toBeLessThan(10);
    expect(cache.get(1, 's', '/9')).not.toBeNull();
    expect(cache.get(1, 's', '/0')).toBeNull();
  });
});

describe('tagsOfEvent', () => {
  it('maps site events to what pages show', () => {
    expect(tagsOfEvent('post.published', { id: 3 })).toEqual([
      'entry:3',
      'list:post',
      'tree:post',
      'missing',
    ]);
    expect(tagsOfEvent('product.deleted', { id: 9 })).toEqual([
      'entry:9',
      'list:product',
      'tree:product',
      'missing',
    ]);
    expect(tagsOfEvent('media.updated', { id: 4 })).toEqual(['media:4']);
    expect(tagsOfEvent('comment.approved', { id: 1, entry_id: 5 })).toEqual(['entry:5']);
    // A held comment shows on no shared page; one held, edited or deleted later leaves its entry's.
    expect(tagsOfEvent('comment.created', { id: 1, entry_id: 5, status: 'pending' })).toBeNull();
    expect(tagsOfEvent('comment.created', { id: 1, entry_id: 5, status: 'approved' })).toEqual(['entry:5']);
    expect(tagsOfEvent('comment.updated', { id: 1, entry_id: 5, status: 'pending' })).toEqual(['entry:5']);
    expect(tagsOfEvent('comment.deleted', { id: 1, entry_id: 5 })).toEqual(['entry:5']);
    expect(tagsOfEvent('discussion.closed', { entry_id: 5, open: false })).toEqual(['entry:5']);
    expect(tagsOfEvent('settings.updated', {})).toEqual([EVERYTHING]);
    expect(tagsOfEvent('user.created', { id: 1 })).toBeNull();
  });
});
