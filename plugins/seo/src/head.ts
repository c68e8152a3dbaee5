import type { PageHead, PageHeadContext, PluginImage } from '@tessera/plugin';
import { entryTemplates } from './entry-score.js';
import { type EntrySeo, entrySeo } from './fields.js';
import { absolute, jsonLdOf } from './json-ld.js';
import type { SeoSettings, Templates } from './settings.js';
import { fillTemplate, firstParagraph, type TemplateValues, trimAtWord } from './templates.js';

/** What the head is written from besides the page: the settings, and the images they and the entry name. */
export interface HeadInputs {
  settings: SeoSettings;
  images: ReadonlyMap<number, PluginImage>;
}

/** The media ids a page's head may show: the entry's social image, the default, the publisher's logo. */
export function imagesToRead(page: PageHeadContext, settings: SeoSettings): number[] {
  const ids = [settings.default_image, settings.publisher.logo];
  if (page.entry) ids.push(entrySeo(page.entry.fields).image);
  return ids.filter((id): id is number => id !== null);
}

/**
 * The page's head as the plugin writes it: the title from the entry's SEO title or its type's
 * template, a description that is never empty where there is text to take it from, the canonical
 * address, robots rules, a social image at its size, Open Graph's locales, Twitter's card, JSON-LD.
 * The theme writes each tag from these fields once; what it does not write goes in `meta`.
 */
export function seoHead(head: PageHead, page: PageHeadContext, inputs: HeadInputs): PageHead {
  const { settings } = inputs;
  // A 404 or a member-only notice is not a page to share or describe; only kept out of search.
  if (page.status !== 200) return settings.discourage_search_engines ? { ...head, noindex: true } : head;
  const seo = page.entry ? entrySeo(page.entry.fields) : null;
  const templates = templatesOf(page, settings);
  const values = templateValues(head, page, settings);
  const next: PageHead = { ...head };

  if (templates) {
    const pageTitle = seo?.title ? fillTemplate(seo.title, values) : '';
    next.documentTitle = pageTitle || fillTemplate(templates.title, values) || head.title;
    if (pageTitle) next.title = pageTitle;
    next.description = describe(head, page, seo, templates, values);
  }
  if (seo?.canonical && /^https?:\/\//.test(seo.canonical)) next.canonical = seo.canonical;
  if (seo?.noindex || settings.discourage_search_engines) next.noindex = true;
  if (seo?.nofollow) next.nofollow = true;
  const image = socialImage(head, page, seo, inputs);
  if (image) next.image = image;

  next.meta = [...(head.meta ?? []), ...socialMeta(next, page, settings)];
  const documents = jsonLdOf(next, page, settings, inputs.images);
  if (documents.length > 0) next.jsonLd = [...(head.jsonLd ?? []), ...documents];
  return next;
}

/** The templates of the page's kind; null for pages the plugin leaves as they are (search, 404). */
function templatesOf(page: PageHeadContext, settings: SeoSettings): Templates | null {
  if (page.kind === 'home') return settings.home;
  if (page.kind === 'list') return settings.archives;
  if (page.kind === 'entry' && page.entry) return entryTemplates(page.entry.type, settings);
  if (page.kind === 'plugin') return settings.entries;
  return null;
}

function templateValues(head: PageHead, page: PageHeadContext, settings: SeoSettings): TemplateValues {
  const entry = page.entry;
  return {
    title: entry?.title ?? head.title,
    site: page.site.name,
    tagline: page.site.tagline,
    sep: settings.separator,
    excerpt: entry?.excerpt ?? '',
    author: entry?.author?.name ?? '',
    date: entry?.publishedAt.slice(0, 10) ?? '',
    type: entry?.type ?? '',
  };
}

/** The entry's own description, its template's, the excerpt, the first paragraph: the first that says something. */
function describe(
  head: PageHead,
  page: PageHeadContext,
  seo: EntrySeo | null,
  templates: Templates,
  values: TemplateValues,
): string {
  // Tried in turn, the first paragraph last: reading the body is the costly one.
  const candidates = [
    () => (seo?.description ? fillTemplate(seo.description, values) : ''),
    () => (templates.description ? fillTemplate(templates.description, values) : ''),
    () => page.entry?.excerpt ?? '',
    () => (page.entry ? firstParagraph(page.entry.html) : ''),
    () => head.description,
  ];
  for (const candidate of candidates) {
    const text = candidate();
    if (text.trim() !== '') return trimAtWord(text);
  }
  return '';
}

/** The entry's social image, else the page's (its featured image), else the site's default. */
function socialImage(
  head: PageHead,
  page: PageHeadContext,
  seo: EntrySeo | null,
  inputs: HeadInputs,
): PageHead['image'] {
  const imageOf = (id: number | null) => {
    const image = id === null ? undefined : inputs.images.get(id);
    if (!image) return null;
    return {
      url: absolute(page.site.origin, image.url),
      width: image.width,
      height: image.height,
      alt: image.alt,
    };
  };
  return imageOf(seo?.image ?? null) ?? head.image ?? imageOf(inputs.settings.default_image);
}

/** Open Graph's locales and Twitter's card details: the tags the theme does not write itself. */
function socialMeta(head: PageHead, page: PageHeadContext, settings: SeoSettings) {
  const ogLocale = (locale: string) => locale.replace('-', '_');
  const meta: Array<{ name?: string; property?: string; content: string }> = [
    { property: 'og:locale', content: ogLocale(page.locale) },
  ];
  const others = head.alternates
    ? head.alternates
        .map((each) => each.hreflang)
        .filter((each) => each !== 'x-default' && each !== page.locale)
    : page.site.locales.filter((each) => each !== page.locale);
  for (const locale of others) meta.push({ property: 'og:locale:alternate', content: ogLocale(locale) });
  meta.push({ name: 'twitter:title', content: head.title || page.site.name });
  if (head.description) meta.push({ name: 'twitter:description', content: head.description });
  if (head.image) {
    meta.push({ name: 'twitter:image', content: head.image.url });
    if (head.image.alt) meta.push({ name: 'twitter:image:alt', content: head.image.alt });
  }
  if (settings.twitter_site) meta.push({ name: 'twitter:site', content: settings.twitter_site });
  if (page.entry && head.type === 'article')
    meta.push({ property: 'article:modified_time', content: page.entry.updatedAt });
  return meta;
}
