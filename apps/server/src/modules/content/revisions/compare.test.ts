import { describe, expect, it } from 'vitest';
import type { EntryState } from '../entries/entry.js';
import { compareStates, diffBlocks } from './compare.js';

const base: EntryState = {
  title: 'T',
  slug: 't',
  parent_id: null,
  excerpt: '',
  featured_media_id: null,
  author_id: 1,
  fields: { price: 1, gallery: [{ caption: 'a' }, { caption: 'b' }] },
  blocks: [],
  terms: {},
  position: 0,
};

describe('compareStates', () => {
  it('names field changes by their deepest path', () => {
    const after = {
      ...base,
      title: 'U',
      fields: { price: 2, gallery: [{ caption: 'a' }, { caption: 'c' }], colour: '#fff' },
    };
    const diff = compareStates(base, after);
    expect(diff.properties).toEqual([{ path: 'title', change: 'changed', before: 'T', after: 'U' }]);
    expect(diff.fields).toEqual([
      { path: 'price', change: 'changed', before: 1, after: 2 },
      { path: 'gallery[1].caption', change: 'changed', before: 'b', after: 'c' },
      { path: 'colour', change: 'added', after: '#fff' },
    ]);
  });
});

describe('diffBlocks', () => {
  const heading = (id: string, text: string) => ({ id, type: 'heading', props: { text } });
  it('matches blocks by id: added, removed, moved between parents, changed props', () => {
    const before = [
      { id: 's1', type: 'section', props: {}, children: [heading('h1', 'Hi'), heading('h2', 'Old')] },
      heading('h3', 'Gone'),
    ];
    const after = [
      { id: 's1', type: 'section', props: {}, children: [heading('h2', 'New')] },
      { id: 's2', type: 'section', props: {}, children: [heading('h1', 'Hi')] },
    ];
    const changes = diffBlocks(before, after);
    expect(changes).toEqual(
      expect.arrayContaining([
        { id: 's2', type: 'section', change: 'added', to: { parent: null, index: 1 } },
        { id: 'h3', type: 'heading', change: 'removed', from: { parent: null, index: 1 } },
        {
          id: 'h1',
          type: 'heading',
          change: 'moved',
          from: { parent: 's1', index: 0 },
          to: { parent: 's2', index: 0 },
        },
        {
          id: 'h2',
          type: 'heading',
          change: 'changed',
          props: [{ key: 'text', before: 'Old', after: 'New' }],
        },
      ]),
    );
  });
});
