import { OPTION_KEYS, type ProductOption, type Variant } from './model.js';

/**
 * The variants of every combination of a product's option values (the options in order, each
 * one's values in order), as an editor asks for them after changing the options: a combination
 * that had a variant keeps it whole (its SKU, prices, weight, stock setting and image); a new one
 * gets a SKU made of the prefix and its values, and the price given. Variants whose combination is
 * gone are returned apart, for the editor to confirm. Nothing is saved: the entry's next save is.
 */

export const MAX_VARIANTS = 250;
const MAX_SKU = 64;

export interface GeneratedVariants {
  variants: Variant[];
  /** Existing variants no combination of the options keeps. */
  removed: Variant[];
}

const combinationKey = (values: readonly (string | null | undefined)[]) =>
  OPTION_KEYS.map((_, i) => (values[i] ?? '').trim()).join('\u0000');

/** The options' combinations, in order: [] for a product without options (its one variant). */
export function combinationsOf(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (combinations, option) =>
      combinations.flatMap((combination) => option.values.map(({ value }) => [...combination, value])),
    [[]],
  );
}

/** A value as a SKU writes it: capitals, accents dropped, runs of anything else a dash. */
function skuPart(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9._]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `prefix-PART-PART`, at most 64 characters, made unique among `taken` with a number. */
function newSku(prefix: string, values: readonly string[], taken: Set<string>): string {
  const base = [skuPart(prefix), ...values.map(skuPart)]
    .filter((part) => part !== '')
    .join('-')
    .slice(0, MAX_SKU);
  let sku = base;
  for (let n = 2; taken.has(sku); n++) sku = `${base.slice(0, MAX_SKU - String(n).length - 1)}-${n}`;
  taken.add(sku);
  return sku;
}

export function generateVariants(
  options: readonly ProductOption[],
  existing: readonly Variant[],
  defaults: { skuPrefix: string; price: number },
): GeneratedVariants {
  const combinations = combinationsOf(options);
  const byCombination = new Map(
    existing.map((variant) => [combinationKey(OPTION_KEYS.map((k) => variant[k])), variant]),
  );
  const taken = new Set(existing.map((variant) => variant.sku));
  const kept = new Set<Variant>();
  const variants = combinations.map((values) => {
    const found = byCombination.get(combinationKey(values));
    if (found) {
      kept.add(found);
      return found;
    }
    const variant: Variant = {
      sku: newSku(defaults.skuPrefix, values, taken),
      price: defaults.price,
      track_stock: true,
    };
    OPTION_KEYS.forEach((key, i) => {
      const value = values[i];
      if (value !== undefined) variant[key] = value;
    });
    return variant;
  });
  return { variants, removed: existing.filter((variant) => !kept.has(variant)) };
}
