import { describe, expect, it } from 'vitest';
import type { CommentRow } from './repo.js';
import { pageShowing, threadPage } from './thread.js';

const row = (id: number, parent_id: number | null = null) => ({ id, parent_id }) as CommentRow;

describe('a thread cut into pages', () => {
  // 1 (2 (3)), 4, 5 (6): three top-level comments, replies after their parents.
  const thread = [row(1), row(2, 1), row(4), row(3, 2), row(5), row(6, 5)];

  it('keeps each conversation whole on the page of its top-level comment', () => {
    expect(threadPage(thread, 1, 2).comments.map((c) => c.id)).toEqual([1, 2, 3, 4]);
    expect(threadPage(thread, 2, 2)).toMatchObject({ page: 2, pages: 2 });
    expect(threadPage(thread, 2, 2).comments.map((c) => c.id)).toEqual([5, 6]);
    expect(threadPage(thread, 3, 2).comments).toEqual([]);
    expect(threadPage([], 1, 50)).toEqual({ comments: [], page: 1, pages: 1 });
  });

  it('finds the page showing a comment, a reply on its conversation’s', () => {
    expect(pageShowing(thread, 3, 2)).toBe(1);
    expect(pageShowing(thread, 6, 2)).toBe(2);
    expect(pageShowing(thread, 99, 2)).toBeNull();
  });
});
