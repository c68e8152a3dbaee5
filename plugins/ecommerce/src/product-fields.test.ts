import { describe, expect, it } from 'vitest';
import type { ProductOption, Variant } from './model.js';
import { catalogueOf, catalogueProblems } from './product-fields.js';

const option = (name: string, ...values: string[]): ProductOption => ({
  name,
  values: values.map((value) => ({ value })),
});
const SIZE = option('Size', 'S', 'M');
const COLOUR = option('Colour', 'Red', 'Blue');
const variant = (sku: string, option1?: string, option2?: string): Variant => ({
  sku,
  option1,
  option2,
  price: 1000,
});

describe('a product’s options and variants', () => {
  it('are read from the entry’s fields, values trimmed, whatever else is there', () => {
    expect(
      catalogueOf({
        description: '<p>Soft</p>',
        options: [{ name: ' Size ', values: [{ value: 'S ' }, { value: 'M' }] }],
        variants: [{ sku: ' TEE-S ', option1: 'S', price: 1500, track_stock: false }],
      }),
    ).toEqual({
      options: [option('Size', 'S', 'M')],
      variants: [{ sku: 'TEE-S', option1: 'S', price: 1500, track_stock: false }],
    });
    expect(catalogueOf({})).toEqual({ options: [], variants: [] });
  });

  it('hold when each variant is one combination of the options’ values, once, with its own SKU', () => {
    expect(
      catalogueProblems({
        options: [SIZE, COLOUR],
        variants: [
          variant('TEE-S-RED', 'S', 'Red'),
          variant('TEE-S-BLUE', 'S', 'Blue'),
          variant('TEE-M-RED', 'M', 'Red'),
        ],
      }),
    ).toEqual({});
    expect(catalogueProblems({ options: [], variants: [variant('MUG')] })).toEqual({});
  });

  it('name the variant whose value is not among its option’s, or which has no such option', () => {
    expect(
      catalogueProblems({
        options: [SIZE],
        variants: [variant('TEE-XL', 'XL'), variant('TEE-S', 'S', 'Red'), variant('TEE-M')],
      }),
    ).toEqual({
      'fields.variants[0].option1': ['Choose one of Size’s values: S, M.'],
      'fields.variants[1].option2': ['The product has no option 2.'],
      'fields.variants[2].option1': ['Choose one of Size’s values: S, M.'],
    });
  });

  it('name a variant repeating a combination, and one repeating a SKU', () => {
    expect(
      catalogueProblems({
        options: [SIZE],
        variants: [variant('TEE-S', 'S'), variant('TEE-S2', 'S'), variant('TEE-S', 'M')],
      }),
    ).toEqual({
      'fields.variants[1]': ['Variant 1 is S already.'],
      'fields.variants[2].sku': ['Variant 1 has the SKU TEE-S.'],
    });
    expect(catalogueProblems({ options: [], variants: [variant('A'), variant('B')] })).toEqual({
      'fields.variants[1]': ['A product without options has one variant.'],
    });
  });

  it('name options of the same name and values given twice, whatever their case', () => {
    expect(catalogueProblems({ options: [SIZE, option('size', 'L', 'l')], variants: [] })).toEqual({
      'fields.options[1].name': ['Another option is named “size”.'],
      'fields.options[1].values[1].value': ['“l” is among size’s values already.'],
    });
  });
});
