import { describe, expect, it } from 'vitest';
import { errorsByField } from './field-errors.js';
import { emptyField, emptyType, type FieldDraft, type TypeDraft } from './model.js';
import { typeProblems } from './type-checks.js';

const say = (key: string, values?: Record<string, string | number>) =>
  values ? `${key} ${JSON.stringify(values)}` : key;
const field = (key: string, label: string, fields: FieldDraft[] = []): FieldDraft => ({
  ...emptyField('text'),
  key,
  label,
  fields,
});
const product = (changes: Partial<TypeDraft> = {}): TypeDraft => ({
  ...emptyType(),
  slug: 'product',
  singular_label: 'Product',
  plural_label: 'Products',
  fields: [field('price', 'Price')],
  ...changes,
});

describe("a content type, checked as the server's definition schema does", () => {
  it('passes a valid type; a new one may leave its address to the server', () => {
    expect(typeProblems(product(), true, say)).toEqual({});
  });

  it('wants the labels, a slug on a new type, an address on a saved one', () => {
    expect(typeProblems(product({ singular_label: ' ', slug: '9x', route_pattern: '' }), true, say)).toEqual({
      singular_label: 'required',
      slug: 'pattern',
    });
    expect(typeProblems(product({ plural_label: 'x'.repeat(81) }), false, say)).toEqual({
      plural_label: 'maxLength {"limit":80}',
      route_pattern: 'required',
    });
  });

  it("says a field's key or label by its path, sub-fields too, and a key used twice", () => {
    const fields = [
      field('Price', 'Price'),
      field('crew', '', [field('name', 'Name'), field('name', 'Name again')]),
    ];
    const problems = typeProblems(product({ fields }), true, say);
    expect(problems).toEqual({
      'fields[0].key': 'pattern',
      'fields[1].label': 'required',
      'fields[1].fields[1].key': 'taken',
    });
    // The designer places them beside their fields as it places the server's.
    const { byField } = errorsByField(problems, fields);
    expect(byField[fields[0]?.uid ?? '']).toEqual({ key: 'pattern' });
    expect(byField[fields[1]?.fields[1]?.uid ?? '']).toEqual({ key: 'taken' });
  });
});
