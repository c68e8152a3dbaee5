import { createElement as h, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { siteMenusOf } from '../navigation/module.js';
import { widgetShows } from '../navigation/widgets/visibility.js';
import { settingsOf } from '../settings/service.js';
import { type PageAnswer, pageAnswer } from './answer.js';
import { blockScripts } from './block-scripts.js';
import { tokensCss, withThemeTokens } from './design-tokens.js';
import { absolute } from './entry-head.js';
import { checkedHead, type PageHeadContext } from './head.js';
import type { SiteParts } from './site-parts.js';
import type { PageAssetsView, PageHead, SiteFrame } from './theme/layouts.js';
import { languageName, stringsFor } from './theme/strings.js';
import type { ThemeRegistry } from './themes/registry.js';

declare module '../../core/hooks/hook-manager.js' {
  interface FilterHooks {
    /**
     * The head of a page of the public site: its title, description, canonical address, Open Graph
     * image and robots rule, and what to add (meta tags, JSON-LD): the SEO plugin's way in. What comes
     * back is checked (head.ts): a value that does not fit keeps Tessera's own.
     */
    'page.head': [head: PageHead, page: PageHeadContext];
  }
}

/** A page's own content, which the document frame puts inside the theme's document. */
export interface FramedPage {
  /** What the `page.head` filter is told the page is; home, entry and list pages show their widgets. */
  kind: PageHeadContext['kind'];
  /** The entry the page shows (home and entry pages, the member-only notice); null for the others. */
  entry: PageHeadContext['entry'];
  status: 200 | 403 | 404 | 410;
  head: PageHead;
  /** What goes in the document's main element. */
  body: ReactElement;
  /** What the page shows, for the page cache: `entry:12`, `list:post`, `media:7`. */
  tags: string[];
  /** The stylesheet and scripts of the page's own blocks. */
  assets?: PageAssetsView;
}

/**
 * The document every page of the site is framed in: the theme's head, header, menus, footer, design
 * tokens, widgets and sections, in the page's language. Core pages and, through the same router,
 * plugin pages get their frame here (`frameOf`) and are framed by `framePage`.
 */
export class DocumentFrames {
  constructor(
    private readonly runtime: Runtime,
    private readonly themes: ThemeRegistry,
    private readonly parts: SiteParts,
  ) {}

  /** What a page in `locale`, reached at `origin`, shows around its content, before it says what it is. */
  async frameOf(site: Site, origin: string, locale = site.default_locale): Promise<SiteFrame> {
    const general = await settingsOf(this.runtime, site, 'general');
    const theme = await this.themes.forSite(site);
    const menus = await siteMenusOf(this.runtime).forSite(site);
    const tokens = withThemeTokens(
      await settingsOf(this.runtime, site, 'design'),
      theme.manifest.designTokens,
    );
    const prefix = locale === site.default_locale ? '' : `/${locale}`;
    return {
      lang: locale,
      origin,
      prefix,
      siteTitle: general.title || site.name,
      tagline: general.tagline,
      logoUrl: site.branding.logo_url,
      faviconUrl: site.branding.favicon_url,
      stylesheet: theme.stylesheet.path,
      tokens: tokensCss(tokens, site.branding),
      homeUrl: `${prefix}/`,
      strings: stringsFor(locale),
      layouts: theme.layouts,
      menus: menus.byLocation,
      menuEntryIds: menus.entryIds,
      zones: {},
      ...(await this.parts.of(site)),
      // Each language's home; an entry's page points to its translations instead (entry-page.ts).
      languages:
        site.locales.length > 1
          ? site.locales.map((each) => ({
              locale: each,
              name: languageName(each),
              url: each === site.default_locale ? '/' : `/${each}/`,
              current: each === locale,
            }))
          : [],
    };
  }

  /**
   * A whole page, its head first through the `page.head` filter when a plugin set one on this
   * site. Rendered once and kept by the page cache: a plugin whose head depends on its own settings
   * has them saved through /api/settings, which empties the cache.
   */
  async framePage(site: Site, frame: SiteFrame, page: FramedPage): Promise<PageAnswer> {
    if (!this.runtime.hooks.hasCallbacks('page.head')) return framed(frame, page);
    const ctx = visitorContext(this.runtime, site);
    const filtered = await ctx.hooks.applyFilters('page.head', structuredClone(page.head), {
      kind: page.kind,
      entry: page.entry,
      status: page.status,
      locale: frame.lang,
      site: {
        name: frame.siteTitle,
        tagline: frame.tagline,
        origin: frame.origin,
        home: `${frame.origin}${frame.homeUrl}`,
        logo: frame.logoUrl ? absolute(frame.origin, frame.logoUrl) : null,
        locales: site.locales,
        defaultLocale: site.default_locale,
      },
    });
    return framed(frame, { ...page, head: checkedHead(page.head, filtered) });
  }

  /**
   * A page for one visitor alone (their account, their subscription): in the theme's document,
   * never indexed, and never kept by a cache.
   */
  async privatePage(
    site: Site,
    frame: SiteFrame,
    page: { title: string; body: ReactElement; status?: 200 | 403 | 404 },
  ): Promise<PageAnswer> {
    const answer = await this.framePage(site, frame, {
      kind: 'account',
      entry: null,
      status: page.status ?? 200,
      head: {
        title: page.title,
        description: '',
        canonical: null,
        type: 'website',
        image: null,
        noindex: true,
      },
      body: page.body,
      tags: [],
    });
    return { ...answer, noStore: true };
  }

  /** The theme's 404 page, or 410 for an address marked gone. */
  notFound(site: Site, frame: SiteFrame, status: 404 | 410 = 404): Promise<PageAnswer> {
    return this.framePage(site, frame, {
      kind: 'not_found',
      entry: null,
      status,
      head: {
        title: frame.strings.notFoundTitle,
        description: '',
        canonical: null,
        type: 'website',
        image: null,
        noindex: true,
      },
      body: h(frame.layouts.notFound, { strings: frame.strings, homeUrl: frame.homeUrl }),
      tags: ['missing'],
    });
  }
}

/** The page in the theme's document, with the tags of all it shows (for the page cache). */
function framed(pageFrame: SiteFrame, page: FramedPage): PageAnswer {
  // The widgets that show on this kind of page, in their zones, and the header and footer
  // sections: their styles, scripts and dependencies join the page's.
  const shownOn = widgetPage(page);
  const shown = (pageFrame.widgets ?? []).filter((widget) =>
    widgetShows(widget.visibility, { ...shownOn, locale: pageFrame.lang }),
  );
  const zones: Record<string, string> = {};
  for (const widget of shown) zones[widget.zone] = `${zones[widget.zone] ?? ''}${widget.html}`;
  const frame = { ...pageFrame, zones };
  const parts = [...shown, ...Object.values(pageFrame.sections ?? {})];
  const tags = parts.length > 0 ? [...page.tags, ...parts.flatMap((part) => part.tags)] : page.tags;
  const pageAssets = page.assets;
  const assets: PageAssetsView | undefined =
    parts.length === 0
      ? pageAssets
      : {
          css: [pageAssets?.css ?? '', ...parts.map((part) => part.css)].join(''),
          scripts: [
            ...new Map(
              [
                ...(pageAssets?.scripts ?? []),
                ...parts.flatMap((part) =>
                  part.scripts.flatMap((name) => {
                    const script = blockScripts.get(name);
                    return script ? [script] : [];
                  }),
                ),
              ].map((script) => [script.name, script]),
            ).values(),
          ],
        };
  const html = `<!doctype html>${renderToStaticMarkup(h(frame.layouts.document, { frame, head: page.head, ...(assets ? { assets } : {}), children: page.body }))}`;
  // The menus in the header and footer link entries: a change of one makes the page stale.
  const all =
    frame.menuEntryIds.length > 0 ? [...tags, ...frame.menuEntryIds.map((id) => `entry:${id}`)] : tags;
  const answer = pageAnswer(page.status, html, all);
  const expiresAt = Math.min(...parts.map((part) => part.expiresAt ?? Number.POSITIVE_INFINITY));
  return Number.isFinite(expiresAt) ? { ...answer, expiresAt } : answer;
}

/** Which widgets a page shows: those for the home page, for entries of its type, or for lists. */
function widgetPage(page: FramedPage): { kind: 'home' | 'entry' | 'list' | 'other'; type: string | null } {
  if (page.kind === 'home' || page.kind === 'entry')
    return { kind: page.kind, type: page.entry?.type ?? null };
  if (page.kind === 'list') return { kind: 'list', type: null };
  return { kind: 'other', type: null };
}
