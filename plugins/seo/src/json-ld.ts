import type { PageHead, PageHeadContext, PluginImage } from '@tessera/plugin';
import type { SeoSettings } from './settings.js';

type Document = Record<string, unknown>;

const CONTEXT = 'https://schema.org';
/** Google shows at most 110 characters of an article's headline. */
const HEADLINE_LENGTH = 110;

/**
 * The page's structured data, as Google documents each type: the site (WebSite with its search, and
 * who publishes it) on the home page, BlogPosting for posts, WebPage for other entries and
 * plugins' pages, CollectionPage for lists, and a BreadcrumbList wherever the page sits below the
 * home page.
 */
export function jsonLdOf(
  head: PageHead,
  page: PageHeadContext,
  settings: SeoSettings,
  images: ReadonlyMap<number, PluginImage>,
): Document[] {
  if (page.status !== 200) return [];
  const site = page.site;
  const publisher = publisherOf(page, settings, images);
  const url = head.canonical ?? site.home;
  const documents: Document[] = [];
  if (page.kind === 'home') {
    documents.push({
      '@context': CONTEXT,
      '@type': 'WebSite',
      '@id': `${site.origin}/#website`,
      name: site.name,
      ...(site.tagline ? { description: site.tagline } : {}),
      url: site.home,
      inLanguage: page.locale,
      publisher: { '@id': publisher['@id'] },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}/search?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
    documents.push({ '@context': CONTEXT, ...publisher });
  }
  const entry = page.entry;
  if ((page.kind === 'entry' || page.kind === 'home') && entry) {
    const image = head.image ? [head.image.url] : undefined;
    if (entry.type === 'post' || head.type === 'article')
      documents.push({
        '@context': CONTEXT,
        '@type': 'BlogPosting',
        headline: clip(entry.title, HEADLINE_LENGTH),
        ...(head.description ? { description: head.description } : {}),
        ...(image ? { image } : {}),
        datePublished: entry.publishedAt,
        dateModified: entry.updatedAt,
        ...(entry.author ? { author: { '@type': 'Person', name: entry.author.name } } : {}),
        publisher: publisherReference(publisher),
        mainEntityOfPage: { '@type': 'WebPage', '@id': url },
        url,
        inLanguage: entry.locale,
      });
    else
      documents.push({
        ...webPage('WebPage', head.title || entry.title, head, page, url),
        ...(image ? { primaryImageOfPage: { '@type': 'ImageObject', url: image[0] } } : {}),
        datePublished: entry.publishedAt,
        dateModified: entry.updatedAt,
      });
    if (page.kind === 'entry' && entry.trail.length > 1)
      documents.push(
        breadcrumbs(
          page,
          entry.trail.map((step) => ({ name: step.title, url: absolute(site.origin, step.url) })),
        ),
      );
  }
  if (page.kind === 'plugin') documents.push(webPage('WebPage', head.title, head, page, url));
  if (page.kind === 'list') {
    documents.push(webPage('CollectionPage', head.title, head, page, url));
    documents.push(breadcrumbs(page, [{ name: head.title, url }]));
  }
  return documents;
}

/** A page of the site (an entry's, a plugin's, a list), part of the site's WebSite. */
function webPage(type: string, name: string, head: PageHead, page: PageHeadContext, url: string): Document {
  const site = page.site;
  return {
    '@context': CONTEXT,
    '@type': type,
    '@id': url,
    name,
    ...(head.description ? { description: head.description } : {}),
    url,
    inLanguage: page.entry?.locale ?? page.locale,
    isPartOf: { '@type': 'WebSite', '@id': `${site.origin}/#website`, name: site.name, url: site.home },
  };
}

/** Home, then each step: the last is the page itself. */
function breadcrumbs(page: PageHeadContext, steps: ReadonlyArray<{ name: string; url: string }>): Document {
  const all = [{ name: page.site.name, url: page.site.home }, ...steps];
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: all.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: step.url,
    })),
  };
}

/** The site's publisher from the settings: an organization with its logo, or a person. */
function publisherOf(
  page: PageHeadContext,
  settings: SeoSettings,
  images: ReadonlyMap<number, PluginImage>,
): Document & { '@id': string } {
  const { kind, name, logo, same_as } = settings.publisher;
  const image = logo === null ? undefined : images.get(logo);
  const logoUrl = image ? absolute(page.site.origin, image.url) : page.site.logo;
  const picture = logoUrl
    ? {
        '@type': 'ImageObject',
        url: logoUrl,
        ...(image ? { width: image.width, height: image.height } : {}),
      }
    : undefined;
  return {
    '@type': kind === 'person' ? 'Person' : 'Organization',
    '@id': `${page.site.origin}/#publisher`,
    name: name || page.site.name,
    url: page.site.home,
    ...(picture ? (kind === 'person' ? { image: picture } : { logo: picture }) : {}),
    ...(same_as.length > 0 ? { sameAs: same_as } : {}),
  };
}

/** The publisher inside an article: its id, type, name and logo, for parsers that do not follow ids. */
function publisherReference(publisher: Document): Document {
  const { '@id': id, '@type': type, name, logo, image } = publisher;
  return { '@id': id, '@type': type, name, ...(logo ? { logo } : {}), ...(image ? { image } : {}) };
}

/** A site-relative address made absolute; one already absolute stays as it is. */
export function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function clip(text: string, most: number): string {
  return text.length <= most ? text : `${text.slice(0, most - 1).trimEnd()}…`;
}
