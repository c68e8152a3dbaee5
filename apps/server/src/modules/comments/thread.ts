import type { CommentRow } from './repo.js';

/** One page of a thread: its comments in reading order, and where it sits among the pages. */
export interface ThreadPage {
  comments: CommentRow[];
  page: number;
  pages: number;
}

/** Replies after their parents, siblings oldest first; a reply whose parent is not shown is left out. */
export function threadOrder(comments: readonly CommentRow[]): CommentRow[] {
  const children = new Map<number | null, CommentRow[]>();
  for (const comment of comments) {
    const siblings = children.get(comment.parent_id) ?? [];
    siblings.push(comment);
    children.set(comment.parent_id, siblings);
  }
  const ordered: CommentRow[] = [];
  const walk = (parent: number | null) => {
    for (const comment of children.get(parent) ?? []) {
      ordered.push(comment);
      walk(comment.id);
    }
  };
  walk(null);
  return ordered;
}

/**
 * The page `page` of a thread cut by top-level comments, `perPage` of them with all their replies
 * (a conversation is never split across pages). Always at least one page, if empty.
 */
export function threadPage(comments: readonly CommentRow[], page: number, perPage: number): ThreadPage {
  const ordered = threadOrder(comments);
  const starts = ordered.flatMap((comment, at) => (comment.parent_id === null ? [at] : []));
  const pages = Math.max(1, Math.ceil(starts.length / perPage));
  const from = starts[(page - 1) * perPage] ?? ordered.length;
  const to = starts[page * perPage] ?? ordered.length;
  return { comments: ordered.slice(from, to), page, pages };
}

/** The page of a thread that shows the comment `id`, or null when the thread does not show it. */
export function pageShowing(comments: readonly CommentRow[], id: number, perPage: number): number | null {
  let topLevel = 0;
  for (const comment of threadOrder(comments)) {
    if (comment.parent_id === null) topLevel += 1;
    if (comment.id === id) return Math.ceil(topLevel / perPage);
  }
  return null;
}
