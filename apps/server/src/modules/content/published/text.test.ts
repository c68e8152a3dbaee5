import { describe, expect, it } from 'vitest';
import { derivedExcerpt } from '../entries/view.js';
import { blockText, plainText } from './text.js';

describe('plain text of entries', () => {
  it('keeps a heading apart from the paragraph after it, as a sentence of its own', () => {
    expect(plainText('<h2>What we saw</h2><p>Nets drying on the quay.</p>')).toBe(
      'What we saw. Nets drying on the quay.',
    );
    // A paragraph already ending its sentence takes no second stop; inline tags join words as before.
    expect(plainText('<h2>Why?</h2><p>Because <strong>tides</strong> turn</p><p>Often</p>')).toBe(
      'Why? Because tides turn. Often',
    );
    expect(plainText('<ul><li>Nets</li><li>Boats</li></ul>')).toBe('Nets. Boats');
  });

  it('separates the blocks of a page the same way, in its derived excerpt', () => {
    const blocks = [
      { type: 'heading', props: { text: 'What we saw' } },
      { type: 'paragraph', props: { content: '<p>Nets drying in the sun</p>' } },
      { type: 'section', children: [{ type: 'heading', props: { text: 'Next: the market' } }] },
    ];
    expect(plainText(blockText(blocks, 2_000))).toBe('What we saw. Nets drying in the sun. Next: the market');
    expect(derivedExcerpt({ fields: [] }, { fields: {}, blocks })).toBe(
      'What we saw. Nets drying in the sun. Next: the market',
    );
  });
});
