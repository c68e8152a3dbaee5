import type { Block } from '@tessera/blocks';
import { createElement as h } from 'react';
import { NotFound } from '../../core/errors.js';
import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { commentsOf } from '../comments/module.js';
import type { Content } from '../content/content.js';
import type { MediaService } from '../media/service.js';
import type { SearchService } from '../search/service.js';
import { settingsOf } from '../settings/service.js';
import type { PublicAnswer } from './answer.js';
import { BlockData, dateFormat } from './block-data.js';
import type { Canvas } from './canvas.js';
import { type CanvasOptions, CanvasView } from './canvas-view.js';
import { DocumentFrames } from './document-frame.js';
import { alternatesOf } from './entry-head.js';
import { EntryPages } from './entry-page.js';
import type { RedirectsService } from './redirects.js';
import { SearchPage } from './search-page.js';
import { SiteParts } from './site-parts.js';
import type { SiteFrame } from './theme/layouts.js';
import type { ThemeRegistry } from './themes/registry.js';
import { ANONYMOUS_REQUEST, type PageRequest } from './visitor.js';

/** The addresses of post lists: `/page/2`, `/category/news`, `/tag/rust/page/3`. */
const LISTING = /^(?:\/(category|tag)\/([a-z0-9][a-z0-9-]*))?(?:\/page\/([1-9][0-9]{0,5}))?\/?$/;

/**
 * The public site (spec 1, 2.1): what visitors see at each address of a site, rendered on the
 * server from the live versions of entries, in the default theme. Only what is published shows.
 */
export class PublicSite {
  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
    media: MediaService,
    searching: SearchService,
    private readonly redirects: RedirectsService,
    themes: ThemeRegistry,
  ) {
    this.blockData = new BlockData(runtime, content, media);
    this.frames = new DocumentFrames(runtime, themes, new SiteParts(runtime, this.blockData));
    this.entries = new EntryPages(runtime, content, this.blockData, this.frames);
    this.searchPage = new SearchPage(runtime, searching, this.blockData, this.frames);
    this.canvasView = new CanvasView(runtime, themes, this.blockData, this.frames);
  }

  private readonly blockData: BlockData;
  private readonly frames: DocumentFrames;
  private readonly entries: EntryPages;
  private readonly searchPage: SearchPage;
  private readonly canvasView: CanvasView;

  /** The search results page: `q` through the search API's engine, paged like the lists. */
  search(site: Site, q: string, page: number): Promise<PublicAnswer> {
    return this.searchPage.results(site, q, page);
  }

  /** The page at `path` (site-relative, without query) for a visitor reaching `origin`. */
  async render(
    site: Site,
    path: string,
    origin: string,
    request: PageRequest = ANONYMOUS_REQUEST,
  ): Promise<PublicAnswer> {
    // Pages of a language other than the site's default live under its prefix: /fr/, /fr/page/2.
    const [first, ...others] = path.slice(1).split('/');
    const prefixed = first !== undefined && first !== site.default_locale && site.locales.includes(first);
    if (prefixed && path === `/${first}`) return { status: 301, location: `/${first}/` };
    const locale = prefixed ? (first as string) : site.default_locale;
    const inLocale = prefixed ? `/${others.join('/')}` : path;
    const frame = await this.frames.frameOf(site, locale);
    if (inLocale === '/') return this.home(site, frame, origin, request);
    // Set by hand, a redirect wins over what the site would serve here.
    const redirect = await this.redirects.follow(site, path);
    if (redirect?.to) return { status: redirect.status as 301, location: redirect.to };
    if (redirect) return this.frames.notFound(site, frame, 410);
    const listing = LISTING.exec(inLocale);
    if (listing) {
      const [, taxonomy, slug, number] = listing;
      const page = number === undefined ? 1 : Number(number);
      const base = taxonomy ? `${frame.prefix}/${taxonomy}/${slug}` : '';
      // Page 1 has one address: the list's own.
      if (page === 1 && number !== undefined) return { status: 301, location: base || frame.homeUrl };
      if (taxonomy === undefined && page > 1) {
        const reading = await settingsOf(this.runtime, site, 'reading');
        if (reading.show_on_front === 'posts') return this.postList(site, frame, origin, { page });
      } else if (taxonomy && slug)
        return this.postList(site, frame, origin, { page, term: { taxonomy, slug } });
    }
    const found = await this.content.published.atPath(site, path);
    if (found?.kind === 'moved') return { status: 301, location: found.url };
    if (found?.kind === 'entry') return this.entries.page(site, frame, origin, found, request);
    return this.frames.notFound(site, frame);
  }

  /**
   * A published entry rendered for one request (a form block's outcome): status 422 when the
   * submission was refused, so the page says it was not sent.
   */
  async entryFor(
    site: Site,
    entryId: number,
    origin: string,
    request: PageRequest,
  ): Promise<PublicAnswer | null> {
    const found = await this.content.published.entry(site, entryId);
    if (!found) return null;
    const answer = await this.entries.page(site, await this.frames.frameOf(site), origin, found, request);
    if (request.form?.state.status === 'invalid' && answer.status === 200) return { ...answer, status: 422 };
    return answer;
  }

  /** A draft as it will look, for a preview link: never cached, never indexed. */
  async preview(site: Site, entryId: number, origin: string): Promise<PublicAnswer> {
    const frame = await this.frames.frameOf(site);
    const found = await this.content.published.workingCopy(site, entryId);
    if (!found) return this.frames.notFound(site, frame);
    return this.entries.page(site, frame, origin, found, ANONYMOUS_REQUEST, {
      canonicalPath: found.item.url,
      preview: true,
    });
  }

  /**
   * What the builder's canvas renders a tree with before it is saved: the data a page's blocks ask
   * their environment for, as visitors would see it, and the look of the site around them. `entry`
   * is the one being edited (its working copy), for the breadcrumb trail.
   */
  canvas(site: Site, tree: readonly Block[], options: CanvasOptions = {}): Promise<Canvas> {
    return this.canvasView.of(site, tree, options);
  }

  private async home(
    site: Site,
    frame: SiteFrame,
    origin: string,
    request: PageRequest,
  ): Promise<PublicAnswer> {
    const reading = await settingsOf(this.runtime, site, 'reading');
    if (reading.show_on_front === 'page' && reading.front_page_id !== null) {
      // In another language, the front page's translation into it, when there is one.
      const translated =
        frame.lang === site.default_locale
          ? reading.front_page_id
          : (await this.content.published.translations(site, reading.front_page_id)).find(
              (translation) => translation.locale === frame.lang,
            )?.id;
      const front = translated === undefined ? null : await this.content.published.entry(site, translated);
      if (front)
        return this.entries.page(site, frame, origin, front, request, {
          canonicalPath: frame.homeUrl,
          preview: false,
        });
    }
    // The latest posts page at /page/N.
    if (request.page > 1) return { status: 301, location: `${frame.prefix}/page/${request.page}` };
    return this.postList(site, frame, origin, { page: 1 });
  }

  /** Latest posts, a page at a time: the home page, its later pages, a category's or a tag's. */
  private async postList(
    site: Site,
    frame: SiteFrame,
    origin: string,
    which: { page: number; term?: { taxonomy: string; slug: string } },
  ): Promise<PublicAnswer> {
    const reading = await settingsOf(this.runtime, site, 'reading');
    const limit = reading.posts_per_page;
    let listed: Awaited<ReturnType<Content['published']['latest']>>;
    try {
      listed = await this.content.published.latest(site, {
        type: 'post',
        limit,
        page: which.page,
        locale: frame.lang,
        ...(which.term ? { term: which.term } : {}),
      });
    } catch (error) {
      if (error instanceof NotFound) return this.frames.notFound(site, frame);
      throw error;
    }
    const { items, term, total } = listed;
    const pages = Math.max(1, Math.ceil(total / limit));
    if (which.page > pages) return this.frames.notFound(site, frame);
    const base = term ? `${frame.prefix}/${term.taxonomy}/${term.slug}` : frame.prefix;
    const at = (page: number) => (page === 1 ? (term ? base : frame.homeUrl) : `${base}/page/${page}`);
    const newer = which.page > 1 ? at(which.page - 1) : null;
    const older = which.page < pages ? at(which.page + 1) : null;
    const date = dateFormat(frame.lang, await this.blockData.timeZone(site));
    const commented = await commentsOf(this.runtime).approvedCounts(
      visitorContext(this.runtime, site),
      items.map((item) => item.id),
    );
    const list = h(term ? frame.layouts.term : frame.layouts.archive, {
      heading: term ? frame.strings.archive(term.taxonomy, term.name) : null,
      strings: frame.strings,
      paging: { page: which.page, pages, newer, older },
      items: items.map((item) => ({
        title: item.title,
        url: item.url,
        excerpt: item.excerpt,
        meta: [
          frame.strings.published(date.format(new Date(item.published_at))),
          item.author ? frame.strings.by(item.author) : '',
        ]
          .filter(Boolean)
          .join(' · '),
        ...(commented.has(item.id)
          ? {
              comments: {
                label: frame.strings.discussion.count(commented.get(item.id) ?? 0),
                url: `${item.url}#comments`,
              },
            }
          : {}),
      })),
    });
    const title = term ? frame.strings.archive(term.taxonomy, term.name) : '';
    // Terms are shared by the site's languages: a category's archive exists in each of them, and
    // the switcher and hreflang point there rather than to each language's home.
    const languages =
      term && which.page === 1
        ? frame.languages.map((language) => ({
            ...language,
            url: `${language.locale === site.default_locale ? '' : `/${language.locale}`}/${term.taxonomy}/${term.slug}`,
          }))
        : frame.languages;
    return this.frames.framePage(
      site,
      { ...frame, languages },
      {
        // The latest posts' first page is the home page.
        kind: term || which.page > 1 ? 'list' : 'home',
        entry: null,
        status: 200,
        head: {
          title:
            which.page > 1
              ? `${title || frame.siteTitle} – ${frame.strings.pageOf(which.page, pages)}`
              : title,
          description: term
            ? frame.strings.archiveDescription(term.taxonomy, term.name, frame.siteTitle)
            : frame.tagline || frame.strings.archiveDescription(null, '', frame.siteTitle),
          canonical: `${origin}${at(which.page)}`,
          type: 'website',
          image: null,
          prev: newer ? `${origin}${newer}` : null,
          next: older ? `${origin}${older}` : null,
          // The latest posts have a home in each language, and each archive a version in each.
          ...(which.page === 1 && languages.length > 1
            ? { alternates: alternatesOf(origin, languages, site.default_locale) }
            : {}),
        },
        body: list,
        tags: ['list:post', ...items.map((item) => `entry:${item.id}`)],
      },
    );
  }
}
