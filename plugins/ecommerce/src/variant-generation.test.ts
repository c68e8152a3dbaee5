import { describe, expect, it } from 'vitest';
import type { ProductOption } from './model.js';
import { combinationsOf, generateVariants } from './variant-generation.js';

const option = (name: string, ...values: string[]): ProductOption => ({
  name,
  values: values.map((value) => ({ value })),
});
const SIZE = option('Size', 'S', 'M');
const COLOUR = option('Colour', 'Red', 'Bleu clair');

describe('variants generated from options', () => {
  it('are every combination, the first option’s values outermost', () => {
    expect(combinationsOf([SIZE, COLOUR])).toEqual([
      ['S', 'Red'],
      ['S', 'Bleu clair'],
      ['M', 'Red'],
      ['M', 'Bleu clair'],
    ]);
    expect(combinationsOf([])).toEqual([[]]);
  });

  it('get SKUs of the prefix and their values, and the price given', () => {
    const { variants, removed } = generateVariants([SIZE, COLOUR], [], { skuPrefix: 'tee', price: 1900 });
    expect(variants).toEqual([
      { sku: 'TEE-S-RED', option1: 'S', option2: 'Red', price: 1900, track_stock: true },
      { sku: 'TEE-S-BLEU-CLAIR', option1: 'S', option2: 'Bleu clair', price: 1900, track_stock: true },
      { sku: 'TEE-M-RED', option1: 'M', option2: 'Red', price: 1900, track_stock: true },
      { sku: 'TEE-M-BLEU-CLAIR', option1: 'M', option2: 'Bleu clair', price: 1900, track_stock: true },
    ]);
    expect(removed).toEqual([]);
  });

  it('keep the variants whose combination stays, whole, and return those whose combination went', () => {
    const kept = { sku: 'OLD-S', option1: 'S', price: 2500, compare_at_price: 3000, weight: 180, image: 7 };
    const gone = { sku: 'OLD-XL', option1: 'XL', price: 2700 };
    const { variants, removed } = generateVariants([SIZE, option('Fit', 'Slim')], [kept, gone], {
      skuPrefix: 'TEE',
      price: 1900,
    });
    expect(variants.map((variant) => variant.sku)).toEqual(['TEE-S-SLIM', 'TEE-M-SLIM']);
    expect(removed).toEqual([kept, gone]);

    const again = generateVariants([SIZE], [kept, gone], { skuPrefix: 'TEE', price: 1900 });
    expect(again.variants[0]).toBe(kept);
    expect(again.variants[1]).toMatchObject({ sku: 'TEE-M', option1: 'M', price: 1900 });
    expect(again.removed).toEqual([gone]);
  });

  it('never give a SKU twice, nor one an existing variant has', () => {
    const { variants } = generateVariants(
      [option('Finish', 'Matt!', 'Matt?')],
      [{ sku: 'LAMP', price: 100 }],
      { skuPrefix: 'LAMP', price: 100 },
    );
    expect(variants.map((variant) => variant.sku)).toEqual(['LAMP-MATT', 'LAMP-MATT-2']);
    const long = generateVariants([option('Colour', 'x'.repeat(80))], [], { skuPrefix: 'P', price: 1 });
    expect(long.variants[0]?.sku).toHaveLength(64);
  });
});
