import { describe, expect, it } from 'vitest';
import { mapRelationIds } from './relation-ids.js';

describe('mapRelationIds', () => {
  const definitions = [
    { key: 'author', type: 'relation', cardinality: 'one' },
    { key: 'related', type: 'relation', cardinality: 'many' },
    { key: 'price', type: 'number' },
    { key: 'sections', type: 'repeater', fields: [{ key: 'see_also', type: 'relation' }] },
  ];
  it('maps relation ids at any depth and leaves other values alone', () => {
    const map = new Map([
      [1, 10],
      [2, 20],
    ]);
    const out = mapRelationIds(
      definitions,
      { author: 1, related: [2, 3], price: 1, sections: [{ see_also: 2 }, { see_also: 9 }] },
      (id) => map.get(id),
    );
    expect(out).toEqual({
      author: 10,
      related: [20],
      price: 1,
      sections: [{ see_also: 20 }, { see_also: null }],
    });
  });
});
