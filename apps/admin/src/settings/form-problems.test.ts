import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB, formFields, type GroupSchema } from './form-fields.js';
import { errorsByField, settingProblems } from './form-problems.js';
import { changedKeys, withValue } from './form-values.js';

const group = (properties: Record<string, unknown>): GroupSchema => ({
  owner: 'core',
  title: null,
  description: null,
  secrets: [],
  guarded: {},
  schema: { type: 'object', properties },
});

const media = formFields(
  'media',
  group({
    allowed_types: { type: 'array', items: { type: 'string' }, maxItems: 200 },
    max_image_bytes: { type: 'integer', minimum: 1, maximum: 10 * 1024 ** 3, 'x-input': 'megabytes' },
    webp_quality: { type: 'integer', minimum: 1, maximum: 100 },
    orphans: {
      type: 'object',
      properties: {
        action: { anyOf: [{ const: 'off', type: 'string' }] },
        min_age_days: { type: 'integer', minimum: 1, maximum: 3650 },
      },
    },
  }),
);

describe("a group's bounds from its schema, checked before saving", () => {
  const say = (key: string, values?: Record<string, string | number>) =>
    values ? `${key} ${JSON.stringify(values)}` : key;

  it('says the numbers left empty, out of bounds or with decimals, by field path; bytes in megabytes', () => {
    const values = {
      allowed_types: [],
      max_image_bytes: 10 * 1024 * BYTES_PER_MB + 1,
      webp_quality: 0,
      orphans: { action: 'off', min_age_days: null },
    };
    expect(settingProblems(media, values, ['max_image_bytes', 'webp_quality', 'orphans'], say)).toEqual({
      max_image_bytes: 'maximum {"limit":10240}',
      webp_quality: 'minimum {"limit":1}',
      'orphans.min_age_days': 'required',
    });
    expect(settingProblems(media, { ...values, max_image_bytes: 0 }, ['max_image_bytes'], say)).toEqual({
      max_image_bytes: 'minimum {"limit":0.01}',
    });
    expect(settingProblems(media, { ...values, webp_quality: 50.5 }, ['webp_quality'], say)).toEqual({
      webp_quality: 'integer',
    });
  });

  it('checks only the keys about to be sent', () => {
    expect(settingProblems(media, { webp_quality: 0 }, [], say)).toEqual({});
  });

  it('says texts too long or left empty, lists too long or too short, colours that are not #rrggbb', () => {
    const general = formFields(
      'general',
      group({
        title: { type: 'string', maxLength: 200 },
        date_format: { type: 'string', minLength: 1, maxLength: 50 },
        enabled_locales: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 100 },
      }),
    );
    const keys = ['title', 'date_format', 'enabled_locales'];
    expect(
      settingProblems(general, { title: 'x'.repeat(201), date_format: '', enabled_locales: [] }, keys, say),
    ).toEqual({
      title: 'maxLength {"limit":200}',
      date_format: 'required',
      enabled_locales: 'minItems {"limit":1}',
    });
    expect(settingProblems(general, { enabled_locales: Array(101).fill('en') }, keys, say)).toEqual({
      enabled_locales: 'maxItems {"limit":100}',
    });
    const hex = { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' };
    const design = formFields(
      'design',
      group({
        colors: { type: 'object', properties: { primary: { anyOf: [hex, { type: 'null' }] } } },
        accent: hex,
      }),
    );
    expect(
      settingProblems(design, { colors: { primary: 'blue' }, accent: null }, ['colors', 'accent'], say),
    ).toEqual({
      'colors.primary': 'color',
      accent: 'required',
    });
    expect(
      settingProblems(design, { colors: { primary: null }, accent: '#aa3300' }, ['colors', 'accent'], say),
    ).toEqual({});
  });
});

describe("a group's values and the server's answer", () => {
  it('sends whole top-level keys, nested ones included', () => {
    const before = { orphans: { action: 'off', min_age_days: 30 }, webp_quality: 82 };
    const after = withValue(before, 'orphans.action', 'report');
    expect(before.orphans.action).toBe('off');
    expect(changedKeys(before, after)).toEqual(['orphans']);
    expect(after.orphans).toEqual({ action: 'report', min_age_days: 30 });
  });

  it('puts the server’s messages beside their fields, an item’s with its number', () => {
    const errors = errorsByField(
      'media',
      media,
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
