/** The languages the server writes default templates in: offered on every site. */
const DEFAULT_LANGUAGES = ['en', 'fr'] as const;

/** The base language of a BCP 47 tag (`fr-CA` → `fr`), as the server keys templates; null for none. */
export function baseLanguage(tag: string): string | null {
  const base = tag.trim().toLowerCase().split('-')[0] ?? '';
  return /^[a-z]{2,3}$/.test(base) && base !== 'und' ? base : null;
}

/**
 * The languages a template may be written in, as the server accepts them: the site's own (as base
 * languages, the default first), then English and French, which always have defaults.
 */
export function templateLanguages(site: { default_locale: string; locales: readonly string[] }): string[] {
  const ordered = [site.default_locale, ...site.locales, ...DEFAULT_LANGUAGES];
  return [...new Set(ordered.map(baseLanguage).filter((language) => language !== null))];
}

/** The language shown first: the one asked for (the address's), when offered, else the site's. */
export function chosenLanguage(offered: readonly string[], asked: string | null): string {
  return asked && offered.includes(asked) ? asked : (offered[0] ?? 'en');
}
