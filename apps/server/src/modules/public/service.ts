import type { Block } from '@tessera/blocks';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import type { MediaService } from '../media/service.js';
import type { SearchService } from '../search/service.js';
import type { PublicAnswer } from './answer.js';
import { BlockData } from './block-data.js';
import type { Canvas } from './canvas.js';
import { type CanvasOptions, CanvasView } from './canvas-view.js';
import { DocumentFrames } from './document-frame.js';
import { EntryPages } from './entry-page.js';
import { PageRouter, type PageVisit } from './page-router.js';
import { LISTING, PostLists } from './post-lists.js';
import type { RedirectsService } from './redirects.js';
import { SearchPage } from './search-page.js';
import { SiteParts } from './site-parts.js';
import type { ThemeRegistry } from './themes/registry.js';
import { ANONYMOUS_REQUEST, type PageRequest } from './visitor.js';

/**
 * The public site (spec 1, 2.1): what visitors see at each address of a site, rendered on the
 * server from the live versions of entries, in the site's theme. Only what is published shows.
 * Its addresses are the routes of one router (`pages`), which core pages are added to here and a
 * plugin's pages can join, each framed by the same document frame (`frames`) and answered through
 * the same answer and page cache code (answer.ts). Each kind of page lives in a room of its own:
 * post-lists.ts, entry-page.ts, search-page.ts, canvas-view.ts.
 */
export class PublicSite {
  /** The site's pages by address: a page added here is framed and cached as the core's are. */
  readonly pages = new PageRouter();
  /** The theme's document around every page's own content. */
  readonly frames: DocumentFrames;
  private readonly blockData: BlockData;
  private readonly entries: EntryPages;
  private readonly searchPage: SearchPage;
  private readonly canvasView: CanvasView;

  constructor(
    runtime: Runtime,
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
    const lists = new PostLists(runtime, content, this.blockData, this.frames, this.entries);
    // Asked in this order, after a redirect set by hand: the home page, the post lists, pages added
    // later (a plugin's), then the entry published at the address.
    this.pages.get('/', (visit) => lists.home(visit));
    this.pages.get(LISTING, (visit, groups) => lists.listing(visit, groups));
    this.pages.otherwise((visit) => this.entries.atPath(visit));
  }

  /** The search results page: `q` through the search API's engine, paged like the lists. */
  search(site: Site, origin: string, q: string, page: number): Promise<PublicAnswer> {
    return this.searchPage.results(site, origin, q, page);
  }

  /** The page at `path` (site-relative, without query) for a visitor reaching `origin`. */
  async render(
    site: Site,
    path: string,
    origin: string,
    request: PageRequest = ANONYMOUS_REQUEST,
  ): Promise<PublicAnswer> {
    const address = inLanguage(site, path);
    if ('location' in address) return address;
    const frame = await this.frames.frameOf(site, origin, address.locale);
    const visit: PageVisit = { site, path, pathInLanguage: address.path, origin, request, frame };
    // Set by hand, a redirect wins over what the site would serve at any address but the home page.
    if (address.path !== '/') {
      const redirect = await this.redirects.follow(site, path);
      if (redirect?.to) return { status: redirect.status as 301, location: redirect.to };
      if (redirect) return this.frames.notFound(site, frame, 410);
    }
    return (await this.pages.answer(visit)) ?? this.frames.notFound(site, frame);
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
    const answer = await this.entries.page(
      site,
      await this.frames.frameOf(site, origin),
      origin,
      found,
      request,
    );
    if (request.form?.state.status === 'invalid' && answer.status === 200) return { ...answer, status: 422 };
    return answer;
  }

  /** A draft as it will look, for a preview link: never cached, never indexed. */
  async preview(site: Site, entryId: number, origin: string): Promise<PublicAnswer> {
    const frame = await this.frames.frameOf(site, origin);
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
}

/**
 * Where an address lives: pages of a language other than the site's default live under its prefix
 * (`/fr/`, `/fr/page/2`); the bare prefix is sent to its home.
 */
function inLanguage(
  site: Site,
  path: string,
): { locale: string; path: string } | { status: 301; location: string } {
  const [first, ...others] = path.slice(1).split('/');
  const prefixed = first !== undefined && first !== site.default_locale && site.locales.includes(first);
  if (!prefixed) return { locale: site.default_locale, path };
  if (path === `/${first}`) return { status: 301, location: `/${first}/` };
  return { locale: first, path: `/${others.join('/')}` };
}
