import { type MenuLink, MenuTree } from '@tessera/blocks';
import type { PageHead } from '@tessera/plugin';
import { createElement as h, type ReactNode } from 'react';
import type { MediaView } from '../../media/view.js';
import type { ServedScript } from '../block-scripts.js';
import { type AccountStrings, ENGLISH_ACCOUNT } from './account-strings.js';
import { type DiscussionStrings, ENGLISH_DISCUSSION } from './discussion-strings.js';
import type { ThemeLayouts } from './theme-layouts.js';

/** What every page of the site shows around its content. */
export interface SiteFrame {
  lang: string;
  /** The origin the page was reached at (`https://example.com`): its absolute addresses start with it. */
  origin: string;
  /** The language's address prefix: '' for the site's default language, `/fr` for French. */
  prefix: string;
  siteTitle: string;
  tagline: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  stylesheet: string;
  /** The site's design tokens as CSS custom properties (design-tokens.ts). */
  tokens: string;
  homeUrl: string;
  strings: ThemeStrings;
  /** The site's theme's layouts (theme-layouts.ts). */
  layouts: ThemeLayouts;
  /** The menus of the theme's locations, resolved. */
  menus: Readonly<Record<string, readonly MenuLink[]>>;
  /** Entries the menus link to: the page goes stale when one changes. */
  menuEntryIds: readonly number[];
  /** The rendered widgets of each of the theme's widget zones that show on this page. */
  zones: Readonly<Record<string, string>>;
  /** The site's widgets, rendered, before the page picks those that show on it (`zones`). */
  widgets?: ReadonlyArray<
    RenderedBlocks & {
      zone: string;
      visibility: {
        show_on: 'everywhere' | 'home' | 'entries' | 'lists';
        types: string[];
        locales: string[];
      };
    }
  >;
  /** The site's published header and footer sections: they replace the theme's own. */
  sections?: Readonly<Partial<Record<'header' | 'footer', RenderedBlocks>>>;
  /** The site's languages when it has several: each one's version of this page, or its home. */
  languages: ReadonlyArray<{ locale: string; name: string; url: string; current: boolean }>;
}

/** Blocks rendered on the server once for every page: their HTML, styles, scripts and cache tags. */
export interface RenderedBlocks {
  html: string;
  css: string;
  scripts: string[];
  tags: string[];
  /** When what they show stops being right by itself (a plugin form's token), ms since the epoch. */
  expiresAt?: number;
}

/**
 * The head of a page: title and the tags search engines and link previews read. Plugins change it
 * through the `page.head` filter, so its shape is the plugin package's.
 */
export type { PageHead };

/** What the blocks of a page add to it: their stylesheet and the scripts of interactive blocks. */
export interface PageAssetsView {
  css: string;
  scripts: readonly ServedScript[];
}

export interface ThemeStrings {
  skip: string;
  by: (author: string) => string;
  published: (date: string) => string;
  notFoundTitle: string;
  notFoundText: string;
  backHome: string;
  noPosts: string;
  /** The home page's heading, for screen readers: the list of the latest posts. */
  latestPosts: string;
  photo: (who: string, where: string) => string;
  newer: string;
  older: string;
  pagination: string;
  pageOf: (page: number, pages: number) => string;
  archive: (taxonomy: string, name: string) => string;
  /** The description of a list page (search engines show it), when the site says nothing of it. */
  archiveDescription: (taxonomy: string | null, name: string, site: string) => string;
  search: string;
  searchLabel: string;
  mainMenu: string;
  footerMenu: string;
  languages: string;
  resultsFor: (words: string, total: number) => string;
  membersOnlyTitle: string;
  membersOnlyText: string;
  /** The same, where the site has no account pages to sign in on (registration off, no account yet). */
  membersOnlyClosedText: string;
  /** A signed-in visitor whose membership does not include the entry. */
  planRequiredText: string;
  signIn: string;
  /** The comment thread and form under an entry. */
  discussion: DiscussionStrings;
  /** The site accounts' pages and mails (modules/accounts). */
  account: AccountStrings;
}

export const ENGLISH: ThemeStrings = {
  skip: 'Skip to content',
  by: (author) => `By ${author}`,
  published: (date) => `Published ${date}`,
  notFoundTitle: 'Page not found',
  notFoundText: 'Nothing lives at this address. It may have moved, or never existed.',
  backHome: 'Back to the home page',
  noPosts: 'Nothing has been published yet.',
  latestPosts: 'Latest posts',
  photo: (who, where) => `Photo: ${who}${where ? ` on ${where}` : ''}`,
  newer: 'Newer posts',
  older: 'Older posts',
  pagination: 'Pages',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  archive: (taxonomy, name) => (taxonomy === 'tag' ? `Tagged “${name}”` : name),
  archiveDescription: (taxonomy, name, site) =>
    taxonomy === null
      ? `The latest posts of ${site}.`
      : `Posts of ${site} ${taxonomy === 'tag' ? 'tagged' : 'filed under'} “${name}”.`,
  search: 'Search',
  searchLabel: 'Search this site',
  mainMenu: 'Main menu',
  footerMenu: 'Footer menu',
  languages: 'Languages',
  resultsFor: (words, total) => `${total} result${total === 1 ? '' : 's'} for “${words}”`,
  membersOnlyTitle: 'For members',
  membersOnlyText: 'This page is for members of the site. Sign in to read it.',
  membersOnlyClosedText: 'This page is for members of the site.',
  planRequiredText: 'Your membership does not include this page.',
  signIn: 'Sign in',
  discussion: ENGLISH_DISCUSSION,
  account: ENGLISH_ACCOUNT,
};

/** A plain GET form to /search: works without any script. */
export function SearchForm(props: { strings: ThemeStrings; value?: string; id: string }) {
  return h(
    'form',
    { className: 'tb-search', role: 'search', action: '/search', method: 'get' },
    h('label', { htmlFor: props.id, className: 'tb-visually-hidden' }, props.strings.searchLabel),
    h('input', { id: props.id, type: 'search', name: 'q', defaultValue: props.value ?? '', maxLength: 200 }),
    h('button', { type: 'submit' }, props.strings.search),
  );
}

/** What a theme's document layout receives: everything around a page's content. */
export interface DocumentLayoutProps {
  frame: SiteFrame;
  head: PageHead;
  assets?: PageAssetsView;
  wide?: boolean;
  children: ReactNode;
}

/**
 * The whole document: head tags, skip link, header, main, footer. No script, unless the page holds
 * an interactive block, and then only that block's.
 */
export function Document(props: DocumentLayoutProps) {
  const { frame, head, assets } = props;
  const currentPath = head.canonical ? new URL(head.canonical).pathname : null;
  const noscript = assets?.scripts.flatMap((script) => (script.noscript ? [script.noscript] : [])) ?? [];
  const fullTitle =
    head.documentTitle ??
    (head.title && head.title !== frame.siteTitle ? `${head.title} – ${frame.siteTitle}` : frame.siteTitle);
  const robots = [head.noindex ? 'noindex' : '', head.nofollow ? 'nofollow' : ''].filter(Boolean).join(', ');
  return h(
    'html',
    { lang: frame.lang },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('title', null, fullTitle),
      head.description ? h('meta', { name: 'description', content: head.description }) : null,
      robots ? h('meta', { name: 'robots', content: robots }) : null,
      head.canonical ? h('link', { rel: 'canonical', href: head.canonical }) : null,
      h('meta', { property: 'og:site_name', content: frame.siteTitle }),
      h('meta', { property: 'og:title', content: head.title || frame.siteTitle }),
      h('meta', { property: 'og:type', content: head.type }),
      head.description ? h('meta', { property: 'og:description', content: head.description }) : null,
      head.canonical ? h('meta', { property: 'og:url', content: head.canonical }) : null,
      ...(head.image
        ? [
            h('meta', { property: 'og:image', content: head.image.url }),
            h('meta', { property: 'og:image:width', content: String(head.image.width) }),
            h('meta', { property: 'og:image:height', content: String(head.image.height) }),
            head.image.alt ? h('meta', { property: 'og:image:alt', content: head.image.alt }) : null,
          ]
        : []),
      head.publishedAt ? h('meta', { property: 'article:published_time', content: head.publishedAt }) : null,
      head.prev ? h('link', { rel: 'prev', href: head.prev }) : null,
      ...(head.alternates ?? []).map((alternate) =>
        h('link', {
          key: alternate.hreflang,
          rel: 'alternate',
          hrefLang: alternate.hreflang,
          href: alternate.href,
        }),
      ),
      head.next ? h('link', { rel: 'next', href: head.next }) : null,
      h('meta', { name: 'twitter:card', content: head.image ? 'summary_large_image' : 'summary' }),
      ...(head.meta ?? []).map((meta, i) =>
        h('meta', { key: `m${i}`, name: meta.name, property: meta.property, content: meta.content }),
      ),
      ...(head.jsonLd ?? []).map((data, i) =>
        h('script', {
          key: `ld${i}`,
          type: 'application/ld+json',
          // JSON written here, with < escaped: no text in it can end the script.
          dangerouslySetInnerHTML: { __html: JSON.stringify(data).replace(/</g, '\\u003c') },
        }),
      ),
      frame.faviconUrl ? h('link', { rel: 'icon', href: frame.faviconUrl }) : null,
      h('link', { rel: 'stylesheet', href: frame.stylesheet }),
      // Only validated values (hex colours, numbers, font names from a fixed list) reach this CSS.
      frame.tokens ? h('style', { dangerouslySetInnerHTML: { __html: frame.tokens } }) : null,
      // The page's block stylesheet: written by PageAssets from validated props, unsafe characters dropped.
      assets?.css ? h('style', { dangerouslySetInnerHTML: { __html: assets.css } }) : null,
      ...(assets?.scripts.map((script) => h('script', { key: script.name, src: script.path, defer: true })) ??
        []),
      noscript.length > 0
        ? h('noscript', null, h('style', { dangerouslySetInnerHTML: { __html: noscript.join('') } }))
        : null,
    ),
    h(
      'body',
      null,
      h('a', { className: 'tb-skip', href: '#main' }, frame.strings.skip),
      h(
        'header',
        { className: 'tb-header' },
        frame.sections?.header
          ? [
              // Safe: the section's blocks rendered on the server (renderBlocks), their rich text sanitized on save.
              h('div', {
                key: 'section',
                className: 'tb-section tb-section--header',
                dangerouslySetInnerHTML: { __html: frame.sections.header.html },
              }),
              h(LanguageSwitcher, { key: 'languages', frame }),
            ]
          : [
              h(
                'div',
                { key: 'bar', className: 'tb-bar' },
                h(
                  'a',
                  { className: 'tb-brand', href: frame.homeUrl },
                  frame.logoUrl ? h('img', { src: frame.logoUrl, alt: '', width: 32, height: 32 }) : null,
                  frame.siteTitle,
                ),
                frame.tagline ? h('span', { className: 'tb-tagline' }, frame.tagline) : null,
                h(SearchForm, { strings: frame.strings, id: 'search-header' }),
                h(LanguageSwitcher, { frame }),
              ),
              h(MenuTree, {
                key: 'menu',
                items: frame.menus.primary ?? [],
                label: frame.strings.mainMenu,
                currentPath,
                className: 'tb-menu--primary',
              }),
            ],
      ),
      h('main', { id: 'main', className: props.wide ? 'tb-main tb-main--wide' : 'tb-main' }, props.children),
      h(
        'footer',
        { className: 'tb-footer' },
        h(
          'div',
          { className: 'tb-bar' },
          frame.zones.footer
            ? // biome-ignore lint/security/noDangerouslySetInnerHtml: the widgets' blocks rendered on the server (renderBlocks)
              h('div', {
                className: 'tb-widgets tb-widgets--footer',
                dangerouslySetInnerHTML: { __html: frame.zones.footer },
              })
            : null,
          frame.sections?.footer
            ? // Safe: the section's blocks rendered on the server (renderBlocks), their rich text sanitized on save.
              h('div', {
                className: 'tb-section tb-section--footer',
                dangerouslySetInnerHTML: { __html: frame.sections.footer.html },
              })
            : [
                h(MenuTree, {
                  key: 'menu',
                  items: frame.menus.footer ?? [],
                  label: frame.strings.footerMenu,
                  currentPath,
                  className: 'tb-menu--footer',
                }),
                h('p', { key: 'credit' }, `© ${frame.siteTitle}`),
              ],
        ),
      ),
    ),
  );
}

/** The site's languages, each linking this page's version in it or its home (none with one language). */
function LanguageSwitcher({ frame }: { frame: SiteFrame }) {
  if (frame.languages.length < 2) return null;
  return h(
    'nav',
    { className: 'tb-languages', 'aria-label': frame.strings.languages },
    h(
      'ul',
      null,
      ...frame.languages.map((language) =>
        h(
          'li',
          { key: language.locale },
          h(
            'a',
            {
              href: language.url,
              hrefLang: language.locale,
              lang: language.locale,
              ...(language.current ? { 'aria-current': 'true' } : {}),
            },
            language.name,
          ),
        ),
      ),
    ),
  );
}

/** A media image with its variants as srcset, width and height set, and its credit. */
export function Picture(props: {
  media: MediaView;
  strings: ThemeStrings;
  sizes: string;
  eager?: boolean;
  caption?: string;
}) {
  const { media } = props;
  const variants = ['medium', 'large', 'full'] as const;
  // Each width once: a small image's variants are all its own size.
  const widths = new Map<number, string>();
  for (const name of variants) {
    const variant = media.variants[name];
    if (variant && !widths.has(variant.width)) widths.set(variant.width, `${variant.url} ${variant.width}w`);
  }
  const srcset = [...widths.values()].join(', ');
  const main = media.variants.large ?? media.variants.full;
  const credit = media.credit;
  return h(
    'figure',
    { className: 'tb-figure' },
    h('img', {
      src: main?.url ?? media.url,
      ...(srcset ? { srcSet: srcset, sizes: props.sizes } : {}),
      width: main?.width ?? media.width ?? undefined,
      height: main?.height ?? media.height ?? undefined,
      alt: media.alt_text,
      loading: props.eager ? 'eager' : 'lazy',
      decoding: 'async',
      ...(props.eager ? { fetchPriority: 'high' } : {}),
    }),
    props.caption || credit
      ? h(
          'figcaption',
          null,
          props.caption ?? null,
          credit
            ? h(
                'span',
                { className: 'tb-credit' },
                props.caption ? ' ' : null,
                credit.profile_url
                  ? h('a', { href: credit.profile_url, rel: 'noopener' }, credit.photographer)
                  : credit.photographer,
                credit.provider ? ` · ${providerName(credit.provider)}` : null,
              )
            : null,
        )
      : null,
  );
}

function providerName(provider: string): string {
  return { unsplash: 'Unsplash', pexels: 'Pexels' }[provider] ?? provider;
}

/** What a theme's layout of one entry receives. */
export interface EntryLayoutProps {
  /** The content type's slug: page, post, event... */
  type: string;
  title: string;
  byline: string | null;
  featured: MediaView | null;
  /** The body field's HTML, stored sanitized. */
  html: string;
  /** The entry's blocks, rendered (renderBlocks): their stylesheet goes in the head. */
  blocksHtml: string;
  strings: ThemeStrings;
}

/** One entry: title, byline for dated types, featured image, body and blocks. */
export function EntryView(props: EntryLayoutProps) {
  return h(
    'article',
    { className: 'tb-entry' },
    h('h1', null, props.title),
    props.byline ? h('p', { className: 'tb-entry__meta' }, props.byline) : null,
    props.featured
      ? h(Picture, {
          media: props.featured,
          strings: props.strings,
          sizes: '(max-width: 46rem) 100vw, 46rem',
          eager: true,
        })
      : null,
    // Richtext fields are stored sanitized by the server's allowlist: their HTML is rendered as is.
    props.html
      ? h('div', { className: 'tb-content', dangerouslySetInnerHTML: { __html: props.html } })
      : null,
    props.blocksHtml
      ? // biome-ignore lint/security/noDangerouslySetInnerHtml: the blocks' own server rendering (renderBlocks), escaped by React
        h('div', { className: 'tb-blocks', dangerouslySetInnerHTML: { __html: props.blocksHtml } })
      : null,
  );
}

/** What a theme's layout of a list of entries receives. */
export interface ListLayoutProps {
  heading: string | null;
  items: Array<{
    title: string;
    url: string;
    excerpt: string;
    meta: string;
    /** How many approved comments the entry has, linking to them (none when it has none). */
    comments?: { label: string; url: string };
  }>;
  strings: ThemeStrings;
  paging: { page: number; pages: number; newer: string | null; older: string | null };
}

/** A list of entries: the home page's latest posts, an archive of a category or tag. */
export function EntryList(props: ListLayoutProps) {
  const { paging, strings } = props;
  return h(
    'section',
    null,
    // The home page's list has no visible title (the site's name heads it), but a page needs an h1.
    props.heading
      ? h('h1', null, props.heading)
      : h('h1', { className: 'tb-visually-hidden' }, strings.latestPosts),
    props.items.length === 0
      ? h('p', { className: 'tb-notice' }, strings.noPosts)
      : h(
          'ul',
          { className: 'tb-list' },
          ...props.items.map((item) =>
            h(
              'li',
              { key: item.url },
              h('h2', null, h('a', { href: item.url }, item.title)),
              h(
                'p',
                { className: 'tb-entry__meta' },
                item.meta,
                item.comments
                  ? [
                      item.meta ? ' · ' : '',
                      h('a', { key: 'comments', href: item.comments.url }, item.comments.label),
                    ]
                  : null,
              ),
              item.excerpt ? h('p', null, item.excerpt) : null,
            ),
          ),
        ),
    paging.pages > 1
      ? h(
          'nav',
          { className: 'tb-pagination', 'aria-label': strings.pagination },
          paging.newer ? h('a', { href: paging.newer, rel: 'prev' }, `← ${strings.newer}`) : h('span'),
          h('span', { 'aria-current': 'page' }, strings.pageOf(paging.page, paging.pages)),
          paging.older ? h('a', { href: paging.older, rel: 'next' }, `${strings.older} →`) : h('span'),
        )
      : null,
  );
}

export interface NotFoundLayoutProps {
  strings: ThemeStrings;
  homeUrl: string;
}

export function NotFoundView(props: NotFoundLayoutProps) {
  return h(
    'div',
    { className: 'tb-notice' },
    h('h1', null, props.strings.notFoundTitle),
    h('p', null, props.strings.notFoundText),
    h('p', null, h('a', { href: props.homeUrl }, props.strings.backHome)),
  );
}
