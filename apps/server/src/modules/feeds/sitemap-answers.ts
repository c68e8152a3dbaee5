import type { SitemapListing, SitemapUrl } from './sitemaps.js';

/** The protocol's limit on an address: fewer than 2,048 characters. */
const MAX_ADDRESS = 2_047;
/** Google reads at most 1,000 images per address. */
export const MAX_IMAGES = 1_000;
/** More than any site has languages; keeps a runaway answer from bloating a sitemap. */
const MAX_ALTERNATES = 100;
/** W3C Datetime as sitemaps.org takes it: a date, or a date and a time with its zone. */
const W3C_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d))?$/;
/** A BCP 47 language tag as hreflang takes it (`fr`, `pt-BR`, `zh-Hant`), or `x-default`. */
const HREFLANG = /^(?:x-default|[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*)$/;

/** Where a sitemap's addresses may point: the site, and for images where its media is served. */
export interface AddressScope {
  /** The site's origin, without a trailing slash. */
  base: string;
  /** Where the site's media files are served when not from the site itself (MEDIA_URL); else null. */
  media: string | null;
}

/**
 * The `sitemap.urls` filter's answer as it will be written: only this site's absolute http(s)
 * addresses, their images on the site or its media host, their alternates on the site; what does
 * not fit is dropped (an address, an image, an alternate), a bad lastmod becomes none. Null when
 * the answer is no list at all, so the core's own addresses stand.
 */
export function checkedUrls(answer: unknown, scope: AddressScope): SitemapUrl[] | null {
  if (!Array.isArray(answer)) return null;
  return answer.flatMap((url: unknown): SitemapUrl[] => {
    if (typeof url !== 'object' || url === null) return [];
    const { loc, lastmod, images, alternates } = url as Record<string, unknown>;
    if (!onSite(loc, scope.base)) return [];
    const checkedImages = listOf(images, MAX_IMAGES, (image) => {
      const { loc: at, title } = image;
      if (!(onSite(at, scope.base) || (scope.media !== null && within(at, scope.media)))) return null;
      return typeof title === 'string' && title.trim() !== '' ? { loc: at, title } : { loc: at };
    });
    const checkedAlternates = listOf(alternates, MAX_ALTERNATES, ({ hreflang, href }) =>
      typeof hreflang === 'string' && HREFLANG.test(hreflang) && onSite(href, scope.base)
        ? { hreflang, href }
        : null,
    );
    return [
      {
        loc,
        lastmod: checkedLastmod(lastmod),
        ...(checkedImages.length > 0 ? { images: checkedImages } : {}),
        ...(checkedAlternates.length > 0 ? { alternates: checkedAlternates } : {}),
      },
    ];
  });
}

/**
 * The `sitemap.index` filter's answer: the core's sitemaps it kept, in its order, each once. A
 * plugin chooses among them; it cannot point the index elsewhere. Null when the answer is no list.
 */
export function checkedIndex(answer: unknown, offered: readonly SitemapListing[]): SitemapListing[] | null {
  if (!Array.isArray(answer)) return null;
  const byLoc = new Map(offered.map((sitemap) => [sitemap.loc, sitemap]));
  const kept = new Map<string, SitemapListing>();
  for (const sitemap of answer as unknown[]) {
    if (typeof sitemap !== 'object' || sitemap === null) continue;
    const loc = (sitemap as Record<string, unknown>).loc;
    const known = typeof loc === 'string' ? byLoc.get(loc) : undefined;
    if (known) kept.set(known.loc, known);
  }
  return [...kept.values()];
}

/** A W3C Datetime that names a real day (no 30 February), else null. */
export function checkedLastmod(value: unknown): string | null {
  const date = typeof value === 'string' ? W3C_DATETIME.exec(value) : null;
  if (!date) return null;
  const [year, month, day] = date.slice(1, 4).map(Number) as [number, number, number];
  const real = new Date(Date.UTC(year, month - 1, day));
  return real.getUTCMonth() === month - 1 && real.getUTCDate() === day ? (value as string) : null;
}

/** An absolute http(s) address of the site at `base`. */
function onSite(value: unknown, base: string): value is string {
  return value === base || within(value, `${base}/`);
}

function within(value: unknown, prefix: string): value is string {
  if (typeof value !== 'string' || value.length > MAX_ADDRESS || !value.startsWith(prefix)) return false;
  if (/[\s<>"{}|\\^`]/.test(value)) return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The items of `value` that `check` keeps, at most `max`; none when `value` is no list. */
function listOf<T>(value: unknown, max: number, check: (item: Record<string, unknown>) => T | null): T[] {
  if (!Array.isArray(value)) return [];
  const kept: T[] = [];
  for (const item of value as unknown[]) {
    if (kept.length >= max) break;
    if (typeof item !== 'object' || item === null) continue;
    const checked = check(item as Record<string, unknown>);
    if (checked !== null) kept.push(checked);
  }
  return kept;
}
