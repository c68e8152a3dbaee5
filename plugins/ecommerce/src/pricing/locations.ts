import type { Address } from './types.js';

/** Where an address is: what zones and tax rates are matched against. */

const normalized = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

/**
 * Whether a postcode matches a pattern, both compared in capitals without spaces (`sw1a 1aa` is
 * `SW1A1AA`):
 * - `75001`: that postcode;
 * - `75*`, `SW1A*`, `9?210`: `*` stands for any run of characters, `?` for one;
 * - `75000...75999`: a range of numeric postcodes, ends included (the postcode must be all digits).
 */
export function postcodeMatches(pattern: string, postcode: string): boolean {
  const want = normalized(pattern);
  const code = normalized(postcode);
  if (want === '' || code === '') return false;
  const range = /^(\d+)\.\.\.(\d+)$/.exec(want);
  if (range) {
    if (!/^\d+$/.test(code)) return false;
    const value = Number(code);
    return value >= Number(range[1]) && value <= Number(range[2]);
  }
  return globMatches(want, code);
}

/** `*` and `?` matched by walking both strings, backtracking to the last star: linear-ish, no regular expression built from input. */
function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p++;
      resume = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++resume;
    } else return false;
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/** The country (`*` for any) and, when given, the region. */
export function inLocation(address: Address, location: { country: string; region?: string | null }): boolean {
  if (location.country !== '*' && !same(location.country, address.country)) return false;
  return !location.region || same(location.region, address.region);
}

/** No patterns: any postcode. Patterns: the address has a postcode matching one. */
export function inPostcodes(address: Address, patterns: readonly string[] | undefined): boolean {
  if (!patterns || patterns.length === 0) return true;
  const postcode = address.postcode ?? '';
  return patterns.some((pattern) => postcodeMatches(pattern, postcode));
}
