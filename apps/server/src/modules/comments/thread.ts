import type { CommentRow } from './repo.js';

/** Which top-level comments a thread shows first (the discussion setting comment_order). */
export type CommentOrder = 'oldest' | 'newest';

/** How a thread is cut into pages: top-level comments a page, and which of them come first. */
export interface ThreadPaging {
  perPage: number;
  order: CommentOrder;
}

/** One page of a thread: its comments in reading order, and where it sits among the pages. */
export interface ThreadPage {
  comments: CommentRow[];
  page: number;
  pages: number;
}

/**
 * Replies after their parents; top-level comments in `order`, replies always oldest first under
 * their parent (a conversation reads forwards whichever end of the thread comes first). Comments
 * come oldest first; a reply whose parent is not shown is left out.
 */
export function threadOrder(comments: readonly CommentRow[], order: CommentOrder = 'oldest'): CommentRow[] {
  const children = new Map<number | null, CommentRow[]>();
  for (const comment of comments) {
    const siblings = children.get(comment.parent_id) ?? [];
    siblings.push(comment);
    children.set(comment.parent_id, siblings);
  }
  const ordered: CommentRow[] = [];
  const walk = (siblings: readonly CommentRow[]) => {
    for (const comment of siblings) {
      ordered.push(comment);
      walk(children.get(comment.id) ?? []);
    }
  };
  const topLevel = children.get(null) ?? [];
  walk(order === 'newest' ? [...topLevel].reverse() : topLevel);
  return ordered;
}

/**
 * The page `page` of a thread cut by top-level comments, `perPage` of them with all their replies
 * (a conversation is never split across pages). Always at least one page, if empty.
 */
export function threadPage(comments: readonly CommentRow[], page: number, paging: ThreadPaging): ThreadPage {
  const ordered = threadOrder(comments, paging.order);
  const starts = ordered.flatMap((comment, at) => (comment.parent_id === null ? [at] : []));
  const pages = Math.max(1, Math.ceil(starts.length / paging.perPage));
  const from = starts[(page - 1) * paging.perPage] ?? ordered.length;
  const to = starts[page * paging.perPage] ?? ordered.length;
  return { comments: ordered.slice(from, to), page, pages };
}

/** The page of a thread that shows the comment `id`, or null when the thread does not show it. */
export function pageShowing(
  comments: readonly CommentRow[],
  id: number,
  paging: ThreadPaging,
): number | null {
  let topLevel = 0;
  for (const comment of threadOrder(comments, paging.order)) {
    if (comment.parent_id === null) topLevel += 1;
    if (comment.id === id) return Math.ceil(topLevel / paging.perPage);
  }
  return null;
}
