import {
  OPTION_KEYS,
  type ProductCatalogue,
  type ProductOption,
  type Variant,
  variantLabel,
} from './model.js';

/**
 * A product's options and variants read from its entry's fields (already checked against their
 * definitions by the engine), and what those definitions cannot say: that each variant is one
 * combination of the options' values, once, with a SKU of its own.
 */

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const objects = (value: unknown) =>
  (Array.isArray(value) ? value : []).filter(
    (item): item is Record<string, unknown> => item !== null && typeof item === 'object',
  );

export function catalogueOf(fields: Readonly<Record<string, unknown>>): ProductCatalogue {
  const options: ProductOption[] = objects(fields.options).map((option) => ({
    name: text(option.name),
    values: objects(option.values).map((value) => ({ value: text(value.value) })),
  }));
  const variants = objects(fields.variants).map(
    (variant) => ({ ...variant, sku: text(variant.sku) }) as Variant,
  );
  return { options, variants };
}

const key = (value: string) => value.toLocaleLowerCase();

/** The problems by path (`fields.variants[2].option1`), as a 422 names them; empty when it holds. */
export function catalogueProblems({ options, variants }: ProductCatalogue): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    problems[path] = [...(problems[path] ?? []), message];
  };

  const names = new Set<string>();
  options.forEach((option, i) => {
    if (names.has(key(option.name)))
      add(`fields.options[${i}].name`, `Another option is named “${option.name}”.`);
    names.add(key(option.name));
    const values = new Set<string>();
    option.values.forEach(({ value }, j) => {
      if (values.has(key(value)))
        add(
          `fields.options[${i}].values[${j}].value`,
          `“${value}” is among ${option.name}’s values already.`,
        );
      values.add(key(value));
    });
  });

  const combinations = new Map<string, number>();
  const skus = new Map<string, number>();
  variants.forEach((variant, j) => {
    OPTION_KEYS.forEach((optionKey, i) => {
      const value = text(variant[optionKey]);
      const option = options[i];
      if (!option) {
        if (value !== '') add(`fields.variants[${j}].${optionKey}`, `The product has no option ${i + 1}.`);
      } else if (!option.values.some((each) => each.value === value))
        add(
          `fields.variants[${j}].${optionKey}`,
          `Choose one of ${option.name}’s values: ${option.values.map((each) => each.value).join(', ')}.`,
        );
    });
    const combination = OPTION_KEYS.map((optionKey) => text(variant[optionKey])).join('\u0000');
    const twin = combinations.get(combination);
    if (twin !== undefined)
      add(
        `fields.variants[${j}]`,
        options.length === 0
          ? 'A product without options has one variant.'
          : `Variant ${twin + 1} is ${variantLabel(variant)} already.`,
      );
    else combinations.set(combination, j);
    const same = skus.get(variant.sku);
    if (same !== undefined)
      add(`fields.variants[${j}].sku`, `Variant ${same + 1} has the SKU ${variant.sku}.`);
    else skus.set(variant.sku, j);
  });
  return problems;
}
