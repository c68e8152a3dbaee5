import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff.js';

const render = (before: string, after: string) =>
  wordDiff(before, after)
    .map((part) =>
      part.change === 'same' ? part.text : part.change === 'added' ? `{+${part.text}+}` : `[-${part.text}-]`,
    )
    .join('');

describe('the revisions diff', () => {
  it('marks the words removed and added, keeping the rest', () => {
    expect(render('The tide is low today', 'The tide is high today')).toBe(
      'The tide is [-low-]{+high+} today',
    );
    expect(render('Boats', 'Boats and sails')).toBe('Boats{+ and sails+}');
    expect(render('Boats and sails', 'Boats')).toBe('Boats[- and sails-]');
  });

  it('gives back both texts exactly', () => {
    const before = 'One  two\nthree four';
    const after = 'One two\nthree, five four';
    const parts = wordDiff(before, after);
    expect(
      parts
        .filter((p) => p.change !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.change !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe(after);
  });

  it('handles empty sides', () => {
    expect(wordDiff('', 'New')).toEqual([{ text: 'New', change: 'added' }]);
    expect(wordDiff('Old', '')).toEqual([{ text: 'Old', change: 'removed' }]);
    expect(wordDiff('', '')).toEqual([]);
  });
});
