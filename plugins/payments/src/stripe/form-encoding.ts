/**
 * Stripe's request bodies: `application/x-www-form-urlencoded`, nested values written with brackets
 * (`line_items[0][price_data][currency]=eur`, `metadata[order]=42`). Absent values (undefined, null)
 * are left out; booleans are `true`/`false`.
 */
export type FormValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly FormValue[]
  | { readonly [key: string]: FormValue };

export function formPairs(value: FormValue, prefix = ''): Array<[string, string]> {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value))
    return value.flatMap((item, index) => formPairs(item as FormValue, `${prefix}[${index}]`));
  if (typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) =>
      formPairs(item, prefix === '' ? key : `${prefix}[${key}]`),
    );
  return [[prefix, String(value)]];
}

export function encodeForm(params: { readonly [key: string]: FormValue }): string {
  return new URLSearchParams(formPairs(params)).toString();
}
