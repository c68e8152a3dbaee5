import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, JOIN_MS, record, redo, startHistory, undo } from './history.js';

describe("the builder's history", () => {
  it('undoes and redoes each step, and a new step forgets what was undone', () => {
    let history = startHistory('a');
    history = record(history, 'b', null, 0);
    history = record(history, 'c', null, 10);
    expect(undo(history).present).toBe('b');
    expect(undo(undo(history)).present).toBe('a');
    expect(undo(undo(undo(history))).present).toBe('a');
    expect(redo(undo(history)).present).toBe('c');
    const branched = record(undo(history), 'd', null, 20);
    expect(branched.future).toEqual([]);
    expect(redo(branched).present).toBe('d');
  });

  it('joins edits of the same thing in quick succession, not others, nor slow ones', () => {
    let history = startHistory('');
    for (const [i, text] of ['H', 'He', 'Hel', 'Hell', 'Hello'].entries())
      history = record(history, text, 'props:h1', i * 100);
    expect(history.present).toBe('Hello');
    expect(undo(history).present).toBe('');
    const other = record(history, 'Hello!', 'props:p1', 500);
    expect(undo(other).present).toBe('Hello');
    const later = record(history, 'Hello.', 'props:h1', 400 + JOIN_MS + 1);
    expect(undo(later).present).toBe('Hello');
  });

  it('keeps at most its limit of steps, the oldest going first', () => {
    let history = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 50; i++) history = record(history, i, null, i);
    expect(history.past.length).toBe(HISTORY_LIMIT);
    expect(history.past[0]).toBe(50);
  });
});
