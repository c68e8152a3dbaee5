/** Letters that Unicode decomposition does not reduce to ASCII, spelled as their languages do. */
const SPELLED: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  å: 'a',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ŋ: 'ng',
  '&': 'and',
};

export const MAX_SLUG_LENGTH = 200;

/**
 * A URL slug from a title: transliterated to ASCII, lowercased, words joined by single hyphens.
 * "Crème brûlée & Ætna" gives "creme-brulee-and-aetna". Empty when nothing is left (a title of
 * emoji only); callers fall back then.
 */
export function slugify(title: string): string {
  const ascii = title
    .toLowerCase()
    .replace(/[ßæœøåđðþłıŋ&]/g, (c) => SPELLED[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
}

/** `base`, or `base-2`, `base-3`... : the first not among `taken`. */
export function firstFreeSlug(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}
