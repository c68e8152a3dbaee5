import { xmlText } from './rss.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Google's image extension. */
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
/** hreflang alternates are XHTML link elements. */
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** An address as a sitemap writes it: see `SitemapUrl` (sitemaps.ts) for what each part means. */
export interface WrittenUrl {
  loc: string;
  lastmod: string | null;
  images?: ReadonlyArray<{ loc: string; title?: string }>;
  alternates?: ReadonlyArray<{ hreflang: string; href: string }>;
}

/** A sitemap index (sitemaps.org): the address of each sitemap, with its newest change. */
export function renderSitemapIndex(sitemaps: ReadonlyArray<{ loc: string; lastmod: string | null }>): string {
  const entries = sitemaps.map(
    ({ loc, lastmod }) => `<sitemap><loc>${xmlText(loc)}</loc>${lastmodOf(lastmod)}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">${entries.join('')}</sitemapindex>\n`;
}

/**
 * A sitemap (sitemaps.org): absolute addresses, each with when it last changed, its images and its
 * versions in other languages. An extension's namespace is declared only when a URL uses it.
 */
export function renderUrlSet(urls: readonly WrittenUrl[]): string {
  const images = urls.some((url) => (url.images?.length ?? 0) > 0);
  const alternates = urls.some((url) => (url.alternates?.length ?? 0) > 0);
  const namespaces = [
    `xmlns="${NS}"`,
    ...(images ? [`xmlns:image="${IMAGE_NS}"`] : []),
    ...(alternates ? [`xmlns:xhtml="${XHTML_NS}"`] : []),
  ].join(' ');
  const entries = urls.map((url) =>
    [
      `<url><loc>${xmlText(url.loc)}</loc>${lastmodOf(url.lastmod)}`,
      ...(url.alternates ?? []).map(
        ({ hreflang, href }) =>
          `<xhtml:link rel="alternate" hreflang="${xmlText(hreflang)}" href="${xmlText(href)}"/>`,
      ),
      ...(url.images ?? []).map(
        ({ loc, title }) =>
          `<image:image><image:loc>${xmlText(loc)}</image:loc>${title ? `<image:title>${xmlText(title)}</image:title>` : ''}</image:image>`,
      ),
      '</url>',
    ].join(''),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>${entries.join('')}</urlset>\n`;
}

function lastmodOf(lastmod: string | null): string {
  return lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : '';
}
