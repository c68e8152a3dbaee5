import { xmlText } from './rss.js';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A sitemap index (sitemaps.org): the address of each sitemap, with its newest change. */
export function renderSitemapIndex(sitemaps: ReadonlyArray<{ loc: string; lastmod: string | null }>): string {
  const entries = sitemaps.map(
    ({ loc, lastmod }) =>
      `<sitemap><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : ''}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">${entries.join('')}</sitemapindex>\n`;
}

/** A sitemap (sitemaps.org): absolute addresses, each with when it last changed. */
export function renderUrlSet(urls: ReadonlyArray<{ loc: string; lastmod: string | null }>): string {
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `<url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">${entries.join('')}</urlset>\n`;
}
