import type { ListFilterDefinition } from '@tessera/plugin';
import { describe, expect, it } from 'vitest';
import { checkListFilter, listFilterOf, requireSoundContent } from './plugin-content.js';

const rating: ListFilterDefinition = {
  name: 'rating',
  types: '*',
  table: 'seo_scores',
  entryColumn: 'entry_id',
  valueColumn: 'rating',
  values: ['good', 'improve', 'problem'],
};

describe("a plugin's list filter", () => {
  it('is accepted on one of its own tables with plain names', () => {
    expect(() => checkListFilter('seo', rating)).not.toThrow();
  });

  it('is refused on another table, or with names the core could not write into a query', () => {
    const cases: Array<[Partial<ListFilterDefinition>, RegExp]> = [
      [{ table: 'entries' }, /plugin's own \(seo_\.\.\.\)/],
      [{ table: 'seo_scores; drop table users' }, /plugin's own/],
      [{ entryColumn: 'entry_id" or 1=1' }, /columns/],
      [{ name: 'Rating' }, /name/],
      [{ values: [] }, /values/],
      [{ values: ['a b'] }, /values/],
      [{ types: 'post' as never }, /types/],
    ];
    for (const [change, reason] of cases)
      expect(() => checkListFilter('seo', { ...rating, ...change }), String(reason)).toThrow(reason);
  });

  it('is found by name for the types it names, and declared once', () => {
    const declared = { types: [], fields: [], filters: [{ ...rating, types: ['post'] }] };
    expect(listFilterOf(declared, 'post', 'rating')?.table).toBe('seo_scores');
    expect(listFilterOf(declared, 'page', 'rating')).toBeNull();
    expect(listFilterOf(declared, 'post', 'score')).toBeNull();
    const checks = {
      type: () => ({}),
      fields: () => ({}),
      written: () => ({}),
      values: () => ({ ok: true as const, values: {}, mediaIds: [], entryIds: [] }),
    };
    expect(() => requireSoundContent({ ...declared, filters: [rating, rating] }, checks)).toThrow(
      /declared twice/,
    );
  });
});
