import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB, changedKeys, errorsByField, fieldsFor, settingProblems, withValue } from './fields.js';

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

describe("a group's bounds, checked before saving", () => {
  const say = (key: string, values?: Record<string, string | number>) =>
    values ? `${key} ${JSON.stringify(values)}` : key;
  const fields = fieldsFor('media', {
    allowed_types: [],
    max_image_bytes: 1,
    webp_quality: 80,
    orphans: { action: 'off', min_age_days: 30 },
  });

  it('says the numbers left empty, out of bounds or with decimals, by field path', () => {
    const values = {
      allowed_types: [],
      max_image_bytes: 10 * 1024 * BYTES_PER_MB + 1,
      webp_quality: 0,
      orphans: { action: 'off', min_age_days: null },
    };
    expect(settingProblems(fields, values, ['max_image_bytes', 'webp_quality', 'orphans'], say)).toEqual({
      max_image_bytes: 'maximum {"limit":10240}',
      webp_quality: 'minimum {"limit":1}',
      'orphans.min_age_days': 'required',
    });
    expect(settingProblems(fields, { ...values, webp_quality: 50.5 }, ['webp_quality'], say)).toEqual({
      webp_quality: 'integer',
    });
  });

  it('checks only the keys about to be sent', () => {
    expect(settingProblems(fields, { webp_quality: 0 }, [], say)).toEqual({});
  });

  it('says too long texts, too many items and colours that are not #rrggbb', () => {
    const general = fieldsFor('general', { title: '', enabled_locales: [] });
    expect(
      settingProblems(
        general,
        { title: 'x'.repeat(201), enabled_locales: Array(101).fill('en') },
        ['title', 'enabled_locales'],
        say,
      ),
    ).toEqual({ title: 'maxLength {"limit":200}', enabled_locales: 'maxItems {"limit":100}' });
    const design = fieldsFor('design', { colors: {} });
    expect(settingProblems(design, { colors: { primary: 'blue' } }, ['colors'], say)).toEqual({
      'colors.primary': 'color',
    });
  });
});
