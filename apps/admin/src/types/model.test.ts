import { describe, expect, it } from 'vitest';
import { errorsByField } from './field-errors.js';
import {
  changesOf,
  definitionOf,
  emptyField,
  type FieldDefinition,
  fieldDraftOf,
  keyFromLabel,
  renamesOf,
  typeDraftOf,
} from './model.js';
import { exampleUrl } from './route-example.js';

const saved = (fields: FieldDefinition[]) =>
  typeDraftOf({
    id: 1,
    slug: 'product',
    singular_label: 'Product',
    plural_label: 'Products',
    description: '',
    fields,
    taxonomies: [],
    display: { list_columns: ['title'], icon: 'box', menu_position: 30 },
    route_pattern: '/products/{slug}',
    hierarchical: false,
    has_archive: true,
    allows_comments: false,
    uses_builder: false,
    in_feed: false,
    builtin: false,
    owner: null,
    plugin_fields: [],
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  });

describe('the content type designer model', () => {
  it('makes keys from labels', () => {
    expect(keyFromLabel('Unit price')).toBe('unit_price');
    expect(keyFromLabel('Été 2026!')).toBe('ete_2026');
    expect(keyFromLabel('3D model')).toBe('f_3d_model');
    expect(keyFromLabel('  ')).toBe('');
  });

  it("sends only the options a field's type takes", () => {
    const field = { ...emptyField('number'), key: 'price', label: 'Price', decimals: 2, pattern: 'x+' };
    expect(definitionOf(field)).toEqual({ key: 'price', label: 'Price', type: 'number', decimals: 2 });
    const select = { ...emptyField('select'), key: 'size', label: 'Size', min_items: 1 };
    // min_items applies to a multiple select only; no choices leaves the server's own message.
    expect(definitionOf(select)).toEqual({ key: 'size', label: 'Size', type: 'select' });
    const repeater = {
      ...emptyField('repeater'),
      key: 'variants',
      label: 'Variants',
      fields: [{ ...emptyField('text'), key: 'name', label: 'Name' }],
    };
    expect(definitionOf(repeater).fields).toEqual([{ key: 'name', label: 'Name', type: 'text' }]);
  });

  it('sends what changed, with the renames of saved keys', () => {
    const before = saved([
      { key: 'sku', label: 'SKU', type: 'text' },
      { key: 'price', label: 'Price', type: 'number' },
    ]);
    const after = structuredClone(before);
    after.description = 'Things we sell';
    const [sku] = after.fields;
    if (sku) sku.key = 'code';
    expect(Object.keys(changesOf(before, after)).sort()).toEqual(['description', 'fields']);
    expect(renamesOf(after)).toEqual({ sku: 'code' });
    // A new type for the key is no rename: its values cannot move.
    if (sku) sku.type = 'number';
    expect(renamesOf(after)).toEqual({});
  });

  it("puts the server's messages next to the field and option they concern", () => {
    const repeater = fieldDraftOf(
      {
        key: 'variants',
        label: 'Variants',
        type: 'repeater',
        fields: [{ key: 'a', label: 'A', type: 'text' }],
      },
      true,
    );
    const fields = [fieldDraftOf({ key: 'size', label: 'Size', type: 'select' }, true), repeater];
    const { byField, rest } = errorsByField(
      {
        'fields[0].choices': 'A select field needs choices.',
        'fields.0.choices.1.value': 'Too long.',
        'fields[1].fields[0].key': 'Taken.',
        route_pattern: 'Bad.',
      },
      fields,
    );
    expect(byField[fields[0]?.uid ?? '']).toEqual({
      choices: 'A select field needs choices.',
      'choices[1].value': 'Too long.',
    });
    expect(byField[repeater.fields[0]?.uid ?? '']).toEqual({ key: 'Taken.' });
    expect(rest).toEqual({ route_pattern: 'Bad.' });
  });

  it('shows an example address for a route pattern', () => {
    const values = { slug: 'my-first-product', parent: 'parent', id: 42, today: '2026-05-07' };
    expect(exampleUrl('/products/{slug}', values)).toBe('/products/my-first-product');
    expect(exampleUrl('/{yyyy}/{mm}/{slug}', values)).toBe('/2026/05/my-first-product');
    expect(exampleUrl('/docs/{path}', values)).toBe('/docs/parent/my-first-product');
    expect(exampleUrl('/x/{nope}', values)).toBe('/x/{nope}');
  });
});
