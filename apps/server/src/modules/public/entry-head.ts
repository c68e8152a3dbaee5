import type { HeadEntry } from '@tessera/plugin';
import type { MediaView } from '../media/view.js';
import type { PublishedEntry } from './block-data.js';
import type { PageHead, SiteFrame } from './theme/layouts.js';

type Languages = SiteFrame['languages'];

/**
 * An entry's page in each of the site's languages, for the switcher and hreflang: its translation
 * where it has one, that language's home where it has none; `translated` the languages it has.
 */
export function entryLanguages(
  languages: Languages,
  translations: ReadonlyArray<{ locale: string; url: string }>,
  locale: string,
): { languages: Languages; translated: Languages } {
  const each = languages.map((language) => {
    const translation = translations.find((one) => one.locale === language.locale);
    return { ...language, url: translation?.url ?? language.url, current: language.locale === locale };
  });
  const translated = each.filter((language) => translations.some((one) => one.locale === language.locale));
  return { languages: each, translated };
}

/** What an entry's head says of it; a preview's is never indexed and points nowhere else. */
export function entryHead(
  found: PublishedEntry,
  page: {
    origin: string;
    canonicalPath: string;
    /** `?page=N` of a paged list on the page: part of its canonical address. */
    listPage: number;
    dated: boolean;
    preview: boolean;
    featured: MediaView | null;
    translated: Languages;
    defaultLocale: string;
  },
): PageHead {
  const { row, item } = found;
  const { origin, featured, dated, preview, translated } = page;
  const image = featured?.variants.large ?? featured?.variants.full;
  return {
    title: item.title,
    description: item.excerpt.slice(0, 300),
    canonical: `${origin}${page.canonicalPath}${page.listPage > 1 ? `?page=${page.listPage}` : ''}`,
    type: dated ? 'article' : 'website',
    image:
      featured && image
        ? {
            url: absolute(origin, image.url),
            width: image.width,
            height: image.height,
            alt: featured.alt_text,
          }
        : null,
    ...(dated && !preview ? { publishedAt: row.published_at } : {}),
    ...(translated.length > 1 && !preview
      ? {
          alternates: alternatesOf(origin, translated, page.defaultLocale),
        }
      : {}),
    ...(preview ? { noindex: true, canonical: null } : {}),
  };
}

/** hreflang links of a page in each of the site's languages, and x-default: the default language's. */
export function alternatesOf(
  origin: string,
  languages: Languages,
  defaultLocale: string,
): Array<{ hreflang: string; href: string }> {
  const links = languages.map((language) => ({
    hreflang: language.locale,
    href: `${origin}${language.url}`,
  }));
  const fallback = languages.find((language) => language.locale === defaultLocale);
  return fallback ? [...links, { hreflang: 'x-default', href: `${origin}${fallback.url}` }] : links;
}

/** A site-relative address (`/media/...`) made absolute; one already absolute stays as it is. */
export function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url}`;
}

/**
 * The entry as the `page.head` filter is told of it: what the page already holds, nothing fetched
 * for it. `trail` and `html` are empty where the page does not show the entry (a member-only notice).
 */
export function headEntry(
  found: PublishedEntry,
  shown: { author: string | null; trail: ReadonlyArray<{ label: string; url: string }>; html: string },
): HeadEntry {
  const { row, item, type } = found;
  return {
    id: row.id,
    type: type.slug,
    title: item.title,
    url: item.url,
    slug: row.live.slug,
    locale: row.locale,
    excerpt: item.excerpt,
    fields: row.live.fields,
    publishedAt: row.published_at,
    updatedAt: item.updated_at,
    author: shown.author === null ? null : { name: shown.author },
    trail: shown.trail.map((step) => ({ title: step.label, url: step.url })),
    html: shown.html,
  };
}
