/** A form's address (`/forms/<slug>`): made from its title unless given, unique on its site. */

const LONGEST = 60;

/** `Contact us – Été 2026!` -> `contact-us-ete-2026`; `form` when nothing of the title is left. */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LONGEST)
    .replace(/-+$/, '');
  return slug === '' ? 'form' : slug;
}

/** `slug`, else `slug-2`, `slug-3`... the first that is not `taken`. */
export function freeSlug(slug: string, taken: ReadonlySet<string>): string {
  if (!taken.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${slug.slice(0, LONGEST - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
