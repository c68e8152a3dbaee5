import { describe, expect, it } from 'vitest';
import {
  defaultsOf,
  humanize,
  initialValue,
  type JsonSchema,
  kindOf,
  perBreakpoint,
  responsiveValueOf,
  summaryOf,
  unitOf,
} from './schema.js';

// As GET /api/builder/blocks sends them (TypeBox's JSON Schema).
const align: JsonSchema = {
  type: 'object',
  required: ['desktop'],
  default: { desktop: 'left' },
  properties: {
    desktop: {
      anyOf: [
        { const: 'left', type: 'string' },
        { const: 'center', type: 'string' },
      ],
    },
    tablet: {
      anyOf: [
        { const: 'left', type: 'string' },
        { const: 'center', type: 'string' },
      ],
    },
    mobile: {
      anyOf: [
        { const: 'left', type: 'string' },
        { const: 'center', type: 'string' },
      ],
    },
  },
};
const color: JsonSchema = {
  type: 'string',
  maxLength: 64,
  pattern: '^(token:[a-z0-9-]+|#[0-9a-fA-F]{3,8}|rgba?\\([0-9., %]+\\)|transparent)$',
};
const mediaId: JsonSchema = { default: null, anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] };
const images: JsonSchema = {
  type: 'array',
  default: [],
  items: {
    type: 'object',
    required: ['media_id'],
    properties: { media_id: { type: 'integer', minimum: 1 }, caption: { type: 'string', maxLength: 500 } },
  },
};
const tabItems: JsonSchema = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['title', 'content'],
    properties: {
      title: { type: 'string', minLength: 1 },
      content: { type: 'string', description: 'HTML, sanitized on save' },
    },
  },
};
const hints = { richText: ['content'], media: ['media_id', 'images'] };

describe('props schemas', () => {
  it('choose an input for each shape the registry uses', () => {
    expect(kindOf({ type: 'string', maxLength: 500 }, 'text', hints, true)).toEqual({
      kind: 'text',
      long: false,
    });
    expect(kindOf({ type: 'string', maxLength: 5000 }, 'text', hints, true)).toEqual({
      kind: 'text',
      long: true,
    });
    expect(kindOf({ type: 'string' }, 'content', hints, true)).toEqual({ kind: 'richtext' });
    expect(kindOf(color, 'backgroundColor', hints, true)).toEqual({ kind: 'color' });
    // Href of packages/blocks, and the image's link: a page of the site or an address.
    expect(kindOf({ type: 'string', pattern: '^(/|#|https?://|mailto:|tel:)' }, 'href', hints, true)).toEqual(
      { kind: 'link' },
    );
    expect(kindOf({ type: 'string', pattern: '^(https?://|/)' }, 'link', hints, true)).toEqual({
      kind: 'link',
    });
    // A quote's source takes addresses only, an anchor names no page: plain text.
    expect(kindOf({ type: 'string', pattern: '^https?://' }, 'cite', hints, true)).toMatchObject({
      kind: 'text',
    });
    expect(
      kindOf({ type: 'string', pattern: '^[a-z][a-z0-9-]{0,63}$' }, 'anchor', hints, true),
    ).toMatchObject({ kind: 'text' });
    expect(kindOf({ type: 'integer', minimum: 1 }, 'level', hints, true)).toEqual({
      kind: 'number',
      integer: true,
    });
    expect(kindOf({ type: 'number' }, 'latitude', hints, true)).toEqual({ kind: 'number', integer: false });
    expect(unitOf({ type: 'integer', description: 'In px' })).toBe('px');
    expect(unitOf({ type: 'integer', description: 'Body text, in px' })).toBeNull();
    expect(unitOf({ type: 'integer' })).toBeNull();
    expect(kindOf({ type: 'boolean' }, 'fullWidth', hints, true)).toEqual({ kind: 'boolean' });
    expect(kindOf(align.properties?.desktop ?? {}, 'align', hints, true)).toEqual({
      kind: 'choice',
      options: ['left', 'center'],
    });
    expect(kindOf(align, 'align', hints, true)).toMatchObject({ kind: 'responsive' });
    expect(kindOf(mediaId, 'media_id', hints, true)).toEqual({ kind: 'media', many: false, nullable: true });
    expect(kindOf(images, 'images', hints, true)).toMatchObject({ kind: 'list' });
    expect(kindOf(images.items ?? {}, 'media_id', hints, false)).toMatchObject({ kind: 'object' });
    expect(kindOf({ type: 'integer' }, 'media_id', hints, false)).toEqual({
      kind: 'media',
      many: false,
      nullable: false,
    });
    // An item's HTML field, which the registry view does not list.
    expect(kindOf(tabItems.items?.properties?.content ?? {}, 'content', hints, false)).toEqual({
      kind: 'richtext',
    });
    expect(
      kindOf(
        {
          type: 'array',
          items: {
            anyOf: [
              { const: 'x', type: 'string' },
              { const: 'email', type: 'string' },
            ],
          },
        },
        'share',
        hints,
        true,
      ),
    ).toEqual({ kind: 'choices', options: ['x', 'email'] });
  });

  it('offers a plugin block’s prop among the records its own route lists, and nothing else', () => {
    const hints = { richText: [], media: [] };
    const formId = {
      anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }],
      'x-options': '/api/forms/choices',
    };
    expect(kindOf(formId, 'form_id', hints, true)).toEqual({
      kind: 'remote',
      url: '/api/forms/choices',
      integer: true,
    });
    // Not a route of the API: the prop keeps the input its type gives.
    expect(
      kindOf({ type: 'integer', 'x-options': 'https://elsewhere.example/list' }, 'n', hints, true),
    ).toEqual({
      kind: 'number',
      integer: true,
    });
  });

  it('tells per-breakpoint values from other objects', () => {
    expect(responsiveValueOf(align)).toBe(align.properties?.desktop);
    expect(responsiveValueOf(images.items ?? {})).toBeNull();
  });

  it('gives new blocks and items their defaults and what they cannot do without', () => {
    const table: JsonSchema = {
      type: 'object',
      required: ['caption', 'striped', 'align'],
      properties: { caption: { type: 'string' }, striped: { type: 'boolean', default: true }, align },
    };
    expect(defaultsOf(table)).toEqual({ striped: true, align: { desktop: 'left' } });
    expect(defaultsOf(table, true)).toEqual({ caption: '', striped: true, align: { desktop: 'left' } });
    expect(initialValue(tabItems.items ?? {})).toEqual({ title: '', content: '' });
    const defaults = defaultsOf(table);
    (defaults.align as { desktop: string }).desktop = 'center';
    expect(align.default).toEqual({ desktop: 'left' });
  });

  it('shows what tablet and mobile inherit', () => {
    expect(perBreakpoint({ desktop: 'left', mobile: 'center' })).toEqual({
      desktop: { value: 'left', from: 'desktop' },
      tablet: { value: 'left', from: 'desktop' },
      mobile: { value: 'center', from: 'mobile' },
    });
    expect(perBreakpoint({ desktop: 3, tablet: 2 }).mobile).toEqual({ value: 2, from: 'tablet' });
    expect(perBreakpoint(undefined).mobile).toEqual({ value: undefined, from: null });
  });

  it('sums a block up in a line', () => {
    expect(summaryOf({ content: '<p>Boats &amp; <strong>ships</strong></p>' })).toBe('Boats & ships');
    expect(summaryOf({ text: '', title: 'Second' })).toBe('Second');
    expect(summaryOf({ level: 2 })).toBe('');
    expect(summaryOf({ text: 'x'.repeat(80) })).toHaveLength(60);
    expect(humanize('backgroundColor')).toBe('Background color');
    expect(humanize('pattern_id')).toBe('Pattern');
  });
});
