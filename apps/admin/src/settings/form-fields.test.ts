import { describe, expect, it } from 'vitest';
import { formFields, type GroupSchema } from './form-fields.js';

const nullable = (schema: object, extra: object = {}) => ({ anyOf: [schema, { type: 'null' }], ...extra });

/** A plugin's group as TypeBox writes it: what an author gets a form for with no admin code. */
const shop: GroupSchema = {
  owner: 'shop',
  title: 'Shop',
  description: 'Checkout and payments',
  secrets: ['stripe_key'],
  guarded: { sandbox: 'sites.manage' },
  schema: {
    type: 'object',
    title: 'Shop',
    properties: {
      open: { type: 'boolean', title: 'Open for orders' },
      per_page: { type: 'integer', minimum: 1, maximum: 60, description: 'Products on a page' },
      tax_rate: { type: 'number', minimum: 0, maximum: 0.5 },
      currency: {
        title: 'Currency',
        anyOf: [
          { const: 'EUR', type: 'string', title: 'Euro' },
          { const: 'USD', type: 'string' },
        ],
      },
      unit: { type: 'string', enum: ['kg', 'lb'] },
      notice: { type: 'string', maxLength: 2000, 'x-input': 'multiline' },
      note: nullable({ type: 'string', minLength: 1, maxLength: 80 }),
      brand: nullable({ type: 'string', pattern: '^#[0-9a-fA-F]{6}$' }),
      tags: { type: 'array', items: { type: 'string' }, maxItems: 20 },
      retries: { type: 'array', items: { type: 'integer' }, minItems: 1 },
      photo_limit: { type: 'integer', minimum: 1, maximum: 1024, 'x-input': 'megabytes' },
      landing: nullable({ type: 'integer', minimum: 1 }, { 'x-input': 'page' }),
      banner: nullable({ type: 'integer', minimum: 1 }, { 'x-input': 'image' }),
      zone: { type: 'string', 'x-input': 'timeZone' },
      language: { type: 'string', 'x-input': 'locale' },
      flavour: { type: 'string', 'x-input': 'some-future-input', maxLength: 9 },
      shipping: {
        type: 'object',
        title: 'Shipping',
        properties: { free_from: { type: 'integer', minimum: 0, title: 'Free from' } },
      },
      extras: { type: 'object' },
      stripe_key: nullable({ type: 'string' }, { title: 'Stripe key' }),
      sandbox: { type: 'boolean' },
    },
  },
};

describe("a plugin group's generated form", () => {
  const fields = formFields('shop', shop);
  const byPath = Object.fromEntries(fields.map((field) => [field.path, field]));

  it('has a field per key in the schema’s order, a nested object’s keys by their dotted path', () => {
    expect(fields.map((field) => field.path)).toEqual([
      'open',
      'per_page',
      'tax_rate',
      'currency',
      'unit',
      'notice',
      'note',
      'brand',
      'tags',
      'retries',
      'photo_limit',
      'landing',
      'banner',
      'zone',
      'language',
      'flavour',
      'shipping.free_from',
      'extras',
      'stripe_key',
      'sandbox',
    ]);
  });

  it('chooses each input by the type, bounds, choices and x-input of its key', () => {
    expect(Object.fromEntries(fields.map((field) => [field.path, field.input]))).toEqual({
      open: { kind: 'switch' },
      per_page: { kind: 'number', min: 1, max: 60, decimals: false },
      tax_rate: { kind: 'number', min: 0, max: 0.5, decimals: true },
      currency: {
        kind: 'select',
        options: [
          { value: 'EUR', label: { text: 'Euro' } },
          { value: 'USD', label: { text: 'USD' } },
        ],
      },
      unit: {
        kind: 'select',
        options: [
          { value: 'kg', label: { text: 'kg' } },
          { value: 'lb', label: { text: 'lb' } },
        ],
      },
      notice: { kind: 'text', maxLength: 2000, multiline: true },
      note: { kind: 'text', minLength: 1, maxLength: 80, nullable: true },
      brand: { kind: 'color', nullable: true },
      tags: { kind: 'tags', maxItems: 20 },
      retries: { kind: 'integers', minItems: 1 },
      photo_limit: { kind: 'megabytes', min: 1, max: 1024 },
      landing: { kind: 'page' },
      banner: { kind: 'image' },
      zone: { kind: 'timeZone' },
      language: { kind: 'locale' },
      // A hint this admin does not know: the key's type still gives it an input.
      flavour: { kind: 'text', maxLength: 9 },
      'shipping.free_from': { kind: 'number', min: 0, decimals: false },
      extras: { kind: 'json' },
      stripe_key: { kind: 'secret' },
      sandbox: { kind: 'switch' },
    });
  });

  it('takes its words from the schema: titles, else the key; descriptions as help; an object’s title as its fieldset', () => {
    expect(byPath.open?.label).toEqual({ text: 'Open for orders' });
    expect(byPath.per_page?.label).toEqual({ text: 'Per page' });
    expect(byPath.per_page?.help).toEqual({ text: 'Products on a page' });
    expect(byPath.open?.help).toBeUndefined();
    expect(byPath.stripe_key?.label).toEqual({ text: 'Stripe key' });
    expect(byPath['shipping.free_from']).toMatchObject({
      label: { text: 'Free from' },
      section: { text: 'Shipping' },
    });
    expect(byPath.open?.section).toBeUndefined();
  });

  it('marks a guarded key with the permission it needs, and no other', () => {
    expect(byPath.sandbox?.permission).toBe('sites.manage');
    expect(fields.filter((field) => field.permission).map((field) => field.path)).toEqual(['sandbox']);
  });
});

describe("a core group's generated form", () => {
  it('says its words with the admin’s translation keys, the schema’s title kept for a key without one', () => {
    const [title] = formFields('general', {
      owner: 'core',
      title: 'General',
      description: null,
      secrets: [],
      guarded: {},
      schema: { properties: { title: { type: 'string', maxLength: 200, title: 'Site title' } } },
    });
    expect(title).toEqual({
      path: 'title',
      input: { kind: 'text', maxLength: 200 },
      label: { key: 'settings.label.general.title', text: 'Site title' },
      help: { key: 'settings.help.general.title' },
    });
  });

  it('lays its keys out as fields.ts says: fieldsets, conditions, choices’ and labels’ keys, steps', () => {
    const media = formFields('media', {
      owner: 'core',
      title: 'Media',
      description: null,
      secrets: ['unsplash_access_key'],
      guarded: {},
      schema: {
        properties: {
          orphans: {
            type: 'object',
            properties: {
              action: { anyOf: [{ const: 'off', type: 'string' }] },
              min_age_days: { type: 'integer', minimum: 1 },
            },
          },
          unsplash_access_key: nullable({ type: 'string' }),
        },
      },
    });
    expect(media.map(({ path, section, input }) => [path, section, input.kind])).toEqual([
      ['orphans.action', { key: 'settings.section.orphans' }, 'select'],
      ['orphans.min_age_days', { key: 'settings.section.orphans' }, 'number'],
      ['unsplash_access_key', { key: 'settings.section.stock' }, 'secret'],
    ]);
    expect(media[0]?.input).toEqual({
      kind: 'select',
      options: [{ value: 'off', label: { key: 'settings.option.media.orphans.action.off', text: 'off' } }],
    });
    expect(media[0]?.label.key).toBe('settings.label.media.orphans.action');

    const palette = {
      type: 'object',
      properties: { primary: nullable({ type: 'string', pattern: '^#[0-9a-fA-F]{6}$' }) },
    };
    const design = formFields('design', {
      owner: 'core',
      title: null,
      description: null,
      secrets: [],
      guarded: { colors: 'patterns.manage', font_body: 'patterns.manage', spacing: 'patterns.manage' },
      schema: {
        properties: {
          colors: palette,
          font_body: { anyOf: [{ const: 'serif', type: 'string' }] },
          spacing: { type: 'number', minimum: 0.25, maximum: 1 },
        },
      },
    });
    expect(design[0]).toMatchObject({
      path: 'colors.primary',
      label: { key: 'settings.color.primary' },
      section: { key: 'settings.section.colors' },
      permission: 'patterns.manage',
      input: { kind: 'color', nullable: true },
    });
    expect(design[1]?.input).toEqual({
      kind: 'select',
      options: [{ value: 'serif', label: { key: 'settings.option.design.font.serif', text: 'serif' } }],
    });
    expect(design[2]?.input).toEqual({ kind: 'number', min: 0.25, max: 1, decimals: true, step: 0.05 });

    const [show, front] = formFields('reading', {
      owner: 'core',
      title: null,
      description: null,
      secrets: [],
      guarded: {},
      schema: {
        properties: {
          show_on_front: {
            anyOf: [
              { const: 'posts', type: 'string' },
              { const: 'page', type: 'string' },
            ],
          },
          front_page_id: nullable({ type: 'integer', minimum: 1 }, { 'x-input': 'page' }),
        },
      },
    });
    expect(show?.shown).toBeUndefined();
    expect(front?.input).toEqual({ kind: 'page' });
    expect(front?.shown?.({ show_on_front: 'posts' })).toBe(false);
    expect(front?.shown?.({ show_on_front: 'page' })).toBe(true);
  });

  it('gives a plugin no core layout nor translation keys, even for a key a core group has', () => {
    const [field] = formFields('media', {
      owner: 'gallery',
      title: null,
      description: null,
      secrets: [],
      guarded: {},
      schema: { properties: { max_image_bytes: { type: 'integer' } } },
    });
    expect(field).toEqual({
      path: 'max_image_bytes',
      input: { kind: 'number', decimals: false },
      label: { text: 'Max image bytes' },
    });
  });
});
