import { describe, expect, it } from 'vitest';
import { changedKeys, errorsByField, fieldsFor, withValue } from './fields.js';

describe('settings fields', () => {
  it('gives a group nobody described inputs guessed from its values', () => {
    const fields = fieldsFor('seo', {
      enabled: true,
      title_suffix: ' | Shop',
      max_length: 60,
      ratio: 1.5,
      keywords: ['a'],
      delays: [1, 2],
      api_key: { set: false },
      advanced: { depth: 2 },
    });
    expect(fields.map((field) => [field.path, field.input.kind, field.text])).toEqual([
      ['enabled', 'switch', 'Enabled'],
      ['title_suffix', 'text', 'Title suffix'],
      ['max_length', 'number', 'Max length'],
      ['ratio', 'number', 'Ratio'],
      ['keywords', 'tags', 'Keywords'],
      ['delays', 'integers', 'Delays'],
      ['api_key', 'secret', 'Api key'],
      ['advanced', 'json', 'Advanced'],
    ]);
  });

  it('keeps the known fields of a core group in their order, and adds keys it does not know', () => {
    const fields = fieldsFor('reading', {
      posts_per_page: 10,
      show_on_front: 'posts',
      front_page_id: null,
      feed_items: 10,
      new_key: false,
    });
    expect(fields.map((field) => field.path)).toEqual([
      'show_on_front',
      'front_page_id',
      'posts_per_page',
      'feed_items',
      'new_key',
    ]);
    expect(fields[2]?.input).toEqual({ kind: 'number', min: 1, max: 100 });
  });

  it('sends whole top-level keys, nested ones included', () => {
    const before = { orphans: { action: 'off', min_age_days: 30 }, webp_quality: 82 };
    const after = withValue(before, 'orphans.action', 'report');
    expect(before.orphans.action).toBe('off');
    expect(changedKeys(before, after)).toEqual(['orphans']);
    expect(after.orphans).toEqual({ action: 'report', min_age_days: 30 });
  });

  it('puts the server’s messages beside their fields, an item’s with its number', () => {
    const fields = fieldsFor('media', { allowed_types: [], orphans: { action: 'off', min_age_days: 1 } });
    const errors = errorsByField(
      'media',
      fields,
      {
        'media.allowed_types.2': ['Has an invalid format.'],
        'media.orphans.min_age_days': ['Must be at least 1.'],
        'media.nope': ['Unknown setting.'],
      },
      (n, message) => `#${n} ${message}`,
    );
    expect(errors).toEqual({
      allowed_types: ['#3 Has an invalid format.'],
      'orphans.min_age_days': ['Must be at least 1.'],
      '': ['media.nope: Unknown setting.'],
    });
  });
});
