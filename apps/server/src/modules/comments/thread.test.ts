import { describe, expect, it } from 'vitest';
import type { CommentRow } from './repo.js';
import { pageShowing, type ThreadPaging, threadOrder, threadPage } from './thread.js';

const row = (id: number, parent_id: number | null = null) => ({ id, parent_id }) as CommentRow;
const ids = (comments: readonly CommentRow[]) => comments.map((c) => c.id);
const oldest = (perPage: number): ThreadPaging => ({ perPage, order: 'oldest' });
const newest = (perPage: number): ThreadPaging => ({ perPage, order: 'newest' });

describe('a thread cut into pages', () => {
  // 1 (2 (3), 7), 4, 5 (6): three top-level comments, replies after their parents, oldest first
  // as the database gives them.
  const thread = [row(1), row(2, 1), row(4), row(3, 2), row(5), row(6, 5), row(7, 1)];

  it('keeps each conversation whole on the page of its top-level comment', () => {
    expect(ids(threadPage(thread, 1, oldest(2)).comments)).toEqual([1, 2, 3, 7, 4]);
    expect(threadPage(thread, 2, oldest(2))).toMatchObject({ page: 2, pages: 2 });
    expect(ids(threadPage(thread, 2, oldest(2)).comments)).toEqual([5, 6]);
    expect(threadPage(thread, 3, oldest(2)).comments).toEqual([]);
    expect(threadPage([], 1, oldest(50))).toEqual({ comments: [], page: 1, pages: 1 });
  });

  it('puts the newest conversations first, their replies still oldest first under their parent', () => {
    expect(ids(threadOrder(thread, 'newest'))).toEqual([5, 6, 4, 1, 2, 3, 7]);
    expect(ids(threadPage(thread, 1, newest(2)).comments)).toEqual([5, 6, 4]);
    expect(ids(threadPage(thread, 2, newest(2)).comments)).toEqual([1, 2, 3, 7]);
    expect(threadPage(thread, 2, newest(2))).toMatchObject({ page: 2, pages: 2 });
  });

  it('cuts pages of any size: one conversation a page, or all of them on one', () => {
    expect([1, 2, 3].map((page) => ids(threadPage(thread, page, oldest(1)).comments))).toEqual([
      [1, 2, 3, 7],
      [4],
      [5, 6],
    ]);
    expect([1, 2, 3].map((page) => ids(threadPage(thread, page, newest(1)).comments))).toEqual([
      [5, 6],
      [4],
      [1, 2, 3, 7],
    ]);
    expect(threadPage(thread, 1, newest(200))).toMatchObject({ page: 1, pages: 1 });
    expect(ids(threadPage(thread, 1, newest(200)).comments)).toEqual([5, 6, 4, 1, 2, 3, 7]);
  });

  it('finds the page showing a comment, a reply on its conversation’s, in either order', () => {
    expect(pageShowing(thread, 3, oldest(2))).toBe(1);
    expect(pageShowing(thread, 6, oldest(2))).toBe(2);
    expect(pageShowing(thread, 99, oldest(2))).toBeNull();
    expect(pageShowing(thread, 3, newest(2))).toBe(2);
    expect(pageShowing(thread, 7, newest(2))).toBe(2);
    expect(pageShowing(thread, 6, newest(2))).toBe(1);
    expect(pageShowing(thread, 4, newest(1))).toBe(2);
    expect(pageShowing(thread, 99, newest(2))).toBeNull();
  });

  it('agrees with the pages it cuts: each comment is on the page pageShowing names', () => {
    for (const paging of [oldest(1), oldest(2), oldest(3), newest(1), newest(2), newest(3)])
      for (const comment of thread) {
        const page = pageShowing(thread, comment.id, paging) ?? 0;
        expect(ids(threadPage(thread, page, paging).comments)).toContain(comment.id);
      }
  });
});
