import { getSchema } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { paragraphsOfText } from './richtext-paste.js';

const schema = getSchema([StarterKit]);

describe('plain text pasted into a rich text', () => {
  it('is a paragraph a line, empty lines run together, with the marks where it goes', () => {
    const doc = schema.node('doc', null, [
      schema.node('paragraph', null, [schema.text('bold', [schema.mark('bold')])]),
    ]);
    const slice = paragraphsOfText('First line\r\nSecond\n\n\nThird', doc.resolve(3));
    expect(slice.openStart).toBe(1);
    expect(slice.openEnd).toBe(1);
    expect(slice.content.childCount).toBe(3);
    expect(slice.content.child(2).textContent).toBe('Third');
    expect(slice.content.child(0).firstChild?.marks.map((mark) => mark.type.name)).toEqual(['bold']);
  });

  it('makes 20,000 paragraphs in a blink', () => {
    const doc = schema.node('doc', null, [schema.node('paragraph')]);
    const started = performance.now();
    const slice = paragraphsOfText('The tide came in.\n'.repeat(20_000), doc.resolve(1));
    expect(performance.now() - started).toBeLessThan(500);
    expect(slice.content.childCount).toBe(20_001);
  });
});
