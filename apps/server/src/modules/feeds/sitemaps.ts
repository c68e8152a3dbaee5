import type { SitemapContext, SitemapListing, SitemapUrl } from '@tessera/plugin';
import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import type { MediaService } from '../media/service.js';
import { SiteRenderings } from './site-renderings.js';
import { ARCHIVED_TAXONOMIES, SITEMAP_SIZE, SitemapAddresses } from './sitemap-addresses.js';
import { type AddressScope, checkedIndex, checkedUrls } from './sitemap-answers.js';
import { renderSitemapIndex, renderUrlSet } from './sitemap-xml.js';

/** The sitemap filters' shapes are the plugin package's: one declaration a plugin and the server share. */
export type { SitemapContext, SitemapListing, SitemapUrl };

declare module '../../core/hooks/hook-manager.js' {
  interface FilterHooks {
    /**
     * The addresses of one sitemap (the entries of a type in block `page`, the home page heading
     * the pages'; or a taxonomy's term archives), before it is written: the SEO plugin leaves out
     * what it marks noindex. Only absolute http(s) addresses of this site are kept, their images
     * on the site or its media host, their alternates on the site.
     */
    'sitemap.urls': [urls: SitemapUrl[], sitemap: SitemapContext];
    /**
     * The sitemaps the index lists (the types' blocks, then the taxonomies'): a plugin leaves out
     * whole types or taxonomies, and what it leaves out answers 404 at its own address too. Only the
     * core's sitemaps can be kept.
     */
    'sitemap.index': [sitemaps: SitemapListing[], context: { base: string }];
  }
}

/** One sitemap: a block of a content type's entries or of a taxonomy's term archives. */
export interface SitemapRef {
  kind: 'type' | 'taxonomy';
  name: string;
  page: number;
}

export function sitemapLoc(base: string, { kind, name, page }: SitemapRef): string {
  return kind === 'type' ? `${base}/sitemap-${name}-${page}.xml` : `${base}/sitemap-tax-${name}-${page}.xml`;
}

/** A rendered sitemap (or index), its newest lastmod, and for the index the sitemaps it lists. */
interface Rendering {
  xml: string;
  lastmod: string | null;
  listed?: ReadonlySet<string>;
}

/** A change of an entry (or an import, or settings a plugin reads) changes a sitemap at once. */
const CHANGES =
  /^(?:[a-z][a-z0-9_]*\.(?:created|updated|published|unpublished|scheduled|deleted)|content\.imported)$/;
/** What has no event of its own (a type's new route pattern, a term renamed) shows within this. */
const SITEMAP_CACHE_MS = 10 * 60_000;
/**
 * The protocol's limit on an index. Blocks of 2,000 addresses reach it at 100 million entries, so
 * a site never does; the cut only keeps the index valid if one did.
 */
const MAX_SITEMAPS = 50_000;

/**
 * The site's sitemaps (sitemaps.org), as WordPress core serves them: `/sitemap.xml` indexes one
 * sitemap per content type and block of 2,000 published entries (oldest first, so a block's
 * addresses stay put as entries are added), every language included, the home page first in the
 * pages', then the term archives of each taxonomy that has them. A sitemap with nothing to list
 * is left out (the protocol wants at least one address). Rendered once per site and address
 * until an entry of the site changes.
 */
export class SitemapsService {
  private readonly rendered: SiteRenderings<Rendering | null>;
  private readonly addresses: SitemapAddresses;

  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
    media: MediaService,
  ) {
    this.rendered = new SiteRenderings(runtime, 'sitemaps', SITEMAP_CACHE_MS, (event) => CHANGES.test(event));
    this.addresses = new SitemapAddresses(runtime, content, media);
  }

  listen(): void {
    this.rendered.listen();
  }

  /** The index; null when it would list nothing. `base`: the site's origin, without a trailing slash. */
  async index(site: Site, base: string): Promise<string | null> {
    return (await this.indexed(site, base))?.xml ?? null;
  }

  /** One sitemap; null when it does not exist, lists nothing, or the index leaves it out. */
  async sitemap(site: Site, base: string, ref: SitemapRef): Promise<string | null> {
    if (this.runtime.hooks.hasCallbacks('sitemap.index')) {
      const index = await this.indexed(site, base);
      if (!index?.listed?.has(sitemapLoc(base, ref))) return null;
    }
    return (await this.rendering(site, base, ref))?.xml ?? null;
  }

  /**
   * The index, each sitemap with the newest lastmod of its addresses (so each is rendered first,
   * and kept), as the `sitemap.index` filter leaves it.
   */
  private indexed(site: Site, base: string): Promise<Rendering | null> {
    return this.rendered.get(site.id, `${site.updated_at}|${base}|index`, async () => {
      const offered: SitemapListing[] = [];
      for (const ref of await this.sitemapsOf(site)) {
        const rendering = await this.rendering(site, base, ref);
        if (rendering)
          offered.push({
            loc: sitemapLoc(base, ref),
            lastmod: rendering.lastmod,
            kind: ref.kind,
            name: ref.name,
          });
      }
      const listed = (await this.filteredIndex(site, base, offered)).slice(0, MAX_SITEMAPS);
      if (listed.length === 0) return null;
      return {
        xml: renderSitemapIndex(listed),
        lastmod: newest(listed),
        listed: new Set(listed.map((sitemap) => sitemap.loc)),
      };
    });
  }

  /** Every sitemap the site may have: each type's blocks, then each archived taxonomy's. */
  private async sitemapsOf(site: Site): Promise<SitemapRef[]> {
    const refs: SitemapRef[] = [];
    for (const type of (await this.content.types.ofSite(site)).values()) {
      const { total } = await this.content.published.latest(site, { type: type.slug, limit: 1, count: true });
      // The pages' first block always has the home page.
      const blocks = Math.max(type.slug === 'page' ? 1 : 0, Math.ceil(total / SITEMAP_SIZE));
      for (let page = 1; page <= blocks; page++) refs.push({ kind: 'type', name: type.slug, page });
    }
    for (const taxonomy of ARCHIVED_TAXONOMIES) {
      const blocks = await this.addresses.taxonomyBlocks(site, taxonomy);
      for (let page = 1; page <= blocks; page++) refs.push({ kind: 'taxonomy', name: taxonomy, page });
    }
    return refs;
  }

  private rendering(site: Site, base: string, ref: SitemapRef): Promise<Rendering | null> {
    // A change to the site itself (its languages, its domains) gives it a new updated_at, and so a new key.
    const key = `${site.updated_at}|${base}|${ref.kind}|${ref.name}|${ref.page}`;
    return this.rendered.get(site.id, key, async () => {
      const urls =
        ref.kind === 'type'
          ? await this.addresses.ofType(site, base, ref.name, ref.page)
          : await this.addresses.ofTaxonomy(site, base, ref.name, ref.page);
      if (urls === null) return null;
      const sitemap: SitemapContext = {
        type: ref.kind === 'type' ? ref.name : `tax:${ref.name}`,
        kind: ref.kind,
        name: ref.name,
        page: ref.page,
        base,
      };
      const written = await this.filteredUrls(site, urls, sitemap);
      return written.length > 0 ? { xml: renderUrlSet(written), lastmod: newest(written) } : null;
    });
  }

  /** The `sitemap.urls` filter's answer, when a plugin set one, as `checkedUrls` keeps it. */
  private async filteredUrls(site: Site, urls: SitemapUrl[], sitemap: SitemapContext): Promise<SitemapUrl[]> {
    if (!this.runtime.hooks.hasCallbacks('sitemap.urls')) return urls;
    const ctx = visitorContext(this.runtime, site);
    const answer: unknown = await ctx.hooks.applyFilters('sitemap.urls', urls, sitemap);
    return checkedUrls(answer, this.scopeOf(site, sitemap.base)) ?? urls;
  }

  /** The `sitemap.index` filter's answer, when a plugin set one, as `checkedIndex` keeps it. */
  private async filteredIndex(
    site: Site,
    base: string,
    offered: SitemapListing[],
  ): Promise<SitemapListing[]> {
    if (!this.runtime.hooks.hasCallbacks('sitemap.index')) return offered;
    const ctx = visitorContext(this.runtime, site);
    const answer: unknown = await ctx.hooks.applyFilters(
      'sitemap.index',
      offered.map((sitemap) => ({ ...sitemap })),
      { base },
    );
    return checkedIndex(answer, offered) ?? offered;
  }

  private scopeOf(site: Site, base: string): AddressScope {
    const media = this.runtime.storage.publicUrl(String(site.id));
    return { base, media: media === null ? null : `${media}/` };
  }
}

/** The latest of the lastmods (a plugin's may be a bare date, or in another zone); null when none is known. */
function newest(urls: ReadonlyArray<{ lastmod: string | null }>): string | null {
  let latest: { lastmod: string; at: number } | null = null;
  for (const { lastmod } of urls) {
    const at = lastmod === null ? Number.NaN : Date.parse(lastmod);
    if (lastmod !== null && (latest === null || at > latest.at)) latest = { lastmod, at };
  }
  return latest?.lastmod ?? null;
}
