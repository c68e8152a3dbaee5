/**
 * Undo and redo over whole trees (they are immutable: a step costs a reference, not a copy). Edits
 * of one prop in quick succession (typing) are one step, so Ctrl+Z takes back a word, not a letter.
 * The history is bounded: the oldest steps go first.
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** What the last step was, and when: a next edit of the same thing soon after joins it. */
  last: { key: string; at: number } | null;
}

export const HISTORY_LIMIT = 200;
/** Edits of the same thing closer than this are one step. */
export const JOIN_MS = 1000;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], last: null };
}

/** `next` as a new step; `key` names what changed (`props:<id>`), null for a step never joined. */
export function record<T>(history: History<T>, next: T, key: string | null, now: number): History<T> {
  if (next === history.present) return history;
  const joins =
    key !== null && history.last?.key === key && now - history.last.at < JOIN_MS && history.past.length > 0;
  const past = joins ? history.past : [...history.past, history.present].slice(-HISTORY_LIMIT);
  return { past, present: next, future: [], last: key === null ? null : { key, at: now } };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    last: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, last: null };
}
