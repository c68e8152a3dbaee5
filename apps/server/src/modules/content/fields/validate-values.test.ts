import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './definition.js';
import { validateFieldValues } from './validate-values.js';

const f = (definition: Partial<FieldDefinition> & Pick<FieldDefinition, 'key' | 'type'>): FieldDefinition =>
  ({ label: definition.key, ...definition }) as FieldDefinition;

const definitions: FieldDefinition[] = [
  f({ key: 'title2', type: 'text', max_length: 5, pattern: '[a-z]+' }),
  f({ key: 'body', type: 'richtext' }),
  f({ key: 'price', type: 'number', decimals: 2, min: 0, max: 1000 }),
  f({ key: 'count', type: 'number', integer: true }),
  f({ key: 'mail', type: 'email' }),
  f({ key: 'site', type: 'url' }),
  f({
    key: 'size',
    type: 'select',
    choices: [
      { value: 's', label: 'S' },
      { value: 'm', label: 'M' },
    ],
  }),
  f({
    key: 'sizes',
    type: 'select',
    multiple: true,
    max_items: 2,
    choices: [
      { value: 's', label: 'S' },
      { value: 'm', label: 'M' },
      { value: 'l', label: 'L' },
    ],
  }),
  f({ key: 'ok', type: 'checkbox' }),
  f({ key: 'pick', type: 'radio', choices: [{ value: 'a', label: 'A' }] }),
  f({ key: 'day', type: 'date', min: '2020-01-01' }),
  f({ key: 'at', type: 'datetime' }),
  f({ key: 'doc', type: 'file' }),
  f({ key: 'photos', type: 'image', multiple: true }),
  f({ key: 'tint', type: 'color' }),
  f({ key: 'related', type: 'relation', target_type: 'post', cardinality: 'many' }),
  f({ key: 'owner', type: 'relation', target_type: 'page' }),
  f({
    key: 'gallery',
    type: 'repeater',
    max_items: 3,
    fields: [
      f({ key: 'caption', type: 'text', required: true }),
      f({ key: 'rows', type: 'repeater', fields: [f({ key: 'n', type: 'number' })] }),
    ],
  }),
  f({ key: 'data', type: 'json', max_bytes: 50 }),
];

describe('validateFieldValues', () => {
  it('accepts and normalizes a good value of every type', () => {
    const result = validateFieldValues(
      definitions,
      {
        title2: 'abc',
        body: '<p onclick="x()">Hi <script>alert(1)</script></p>',
        price: 12.5,
        count: 3,
        mail: 'a@b.co',
        site: 'https://example.com/x',
        size: 's',
        sizes: ['s', 'm'],
        ok: true,
        pick: 'a',
        day: '2024-02-29',
        at: '2026-05-01T11:30:00+02:00',
        doc: 4,
        photos: [1, 2],
        tint: '#FFAA00',
        related: [5, 6],
        owner: 7,
        gallery: [{ caption: 'one', rows: [{ n: 1 }] }],
        data: { a: [1, 2] },
      },
      { isNew: false },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values.body).toBe('<p>Hi </p>');
    expect(result.values.at).toBe('2026-05-01T09:30:00.000Z');
    expect(result.values.tint).toBe('#ffaa00');
    expect(result.media).toEqual([
      { path: 'fields.doc', ids: [4], list: false, accepts: null },
      { path: 'fields.photos', ids: [1, 2], list: true, accepts: ['image'] },
    ]);
    expect(result.relations).toEqual([
      { path: 'fields.related', ids: [5, 6], targetType: 'post' },
      { path: 'fields.owner', ids: [7], targetType: 'page' },
    ]);
  });

  it('refuses bad values, each under its own path', () => {
    const result = validateFieldValues(
      definitions,
      {
        title2: 'ABCDEFG',
        price: 1.234,
        count: 1.5,
        mail: 'nope',
        site: 'javascript:alert(1)',
        size: 'xl',
        sizes: ['s', 'm', 'l'],
        ok: 'yes',
        day: '2023-02-29',
        at: 'yesterday',
        doc: -1,
        tint: 'red',
        related: 'x',
        gallery: [{ caption: 'ok' }, { rows: [{ n: 'x' }] }],
        data: { long: 'x'.repeat(100) },
        unknown: 1,
      },
      { isNew: false },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      [
        'fields.title2',
        'fields.price',
        'fields.count',
        'fields.mail',
        'fields.site',
        'fields.size',
        'fields.sizes',
        'fields.ok',
        'fields.day',
        'fields.at',
        'fields.doc',
        'fields.tint',
        'fields.related',
        'fields.gallery[1].caption',
        'fields.gallery[1].rows[0].n',
        'fields.data',
        'fields.unknown',
      ].sort(),
    );
  });

  it('applies defaults on creation only, and requires what is required', () => {
    const withDefault = [
      f({ key: 'n', type: 'number', default: 3 }),
      f({ key: 'name', type: 'text', required: true }),
    ];
    const created = validateFieldValues(withDefault, { name: 'x' }, { isNew: true });
    expect(created.ok && created.values).toEqual({ n: 3, name: 'x' });
    const updated = validateFieldValues(withDefault, { name: 'x' }, { isNew: false });
    expect(updated.ok && updated.values).toEqual({ name: 'x' });
    const missing = validateFieldValues(withDefault, { name: '' }, { isNew: false });
    expect(!missing.ok && Object.keys(missing.errors)).toEqual(['fields.name']);
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = validateFieldValues(
          definitions,
          { gallery: value, data: value, related: value, body: value } as never,
          {
            isNew: true,
          },
        );
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});
