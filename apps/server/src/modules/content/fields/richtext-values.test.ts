import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './definition.js';
import { sanitizeRichTextValues } from './richtext-values.js';

const definitions: FieldDefinition[] = [
  { key: 'body', label: 'Body', type: 'richtext' },
  { key: 'note', label: 'Note', type: 'text' },
  {
    key: 'sections',
    label: 'Sections',
    type: 'repeater',
    fields: [{ key: 'text', label: 'Text', type: 'richtext' }],
  },
];

describe('sanitizeRichTextValues', () => {
  it('sanitizes richtext, in repeater items too, and leaves everything else as it is', () => {
    const hostile = '<p>Kept</p><script>alert(1)</script><img src="x" onerror="alert(1)">';
    const values = {
      body: hostile,
      note: '<b>plain text, escaped when shown</b>',
      sections: [{ text: hostile }, 'not an item'],
      renamed_since: 42,
    };
    expect(sanitizeRichTextValues(definitions, values)).toEqual({
      body: '<p>Kept</p>',
      note: '<b>plain text, escaped when shown</b>',
      sections: [{ text: '<p>Kept</p>' }, 'not an item'],
      renamed_since: 42,
    });
    expect(values.body).toBe(hostile);
  });
});
