import { visitorContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import type { PublishedItem } from '../content/published/service.js';
import { SiteRenderings } from './site-renderings.js';
import { renderSitemapIndex, renderUrlSet } from './sitemap-xml.js';

/** An address in a sitemap: absolute, with when it last changed (ISO 8601) when known. */
export interface SitemapUrl {
  loc: string;
  lastmod: string | null;
}

declare module '../../core/hooks/hook-manager.js' {
  interface FilterHooks {
    /**
     * The addresses of one sitemap (the entries of `type` in block `page`, the home page heading
     * the pages'), before it is written: the SEO plugin leaves out what it marks noindex. Only
     * absolute http(s) addresses of this site are kept.
     */
    'sitemap.urls': [urls: SitemapUrl[], sitemap: { type: string; page: number; base: string }];
  }
}

/** Addresses per sitemap: well under the protocol's 50,000, so one is quick to render and read. */
export const SITEMAP_SIZE = 2_000;

/** A change of an entry (or an import) changes a sitemap at once. */
const CHANGES =
  /^(?:[a-z][a-z0-9_]*\.(?:created|updated|published|unpublished|scheduled|deleted)|content\.imported)$/;
/** What has no event of its own (a type's new route pattern, a plugin's choice) shows within this. */
const SITEMAP_CACHE_MS = 10 * 60_000;

/**
 * The site's sitemaps (sitemaps.org), as WordPress core serves them: `/sitemap.xml` indexes one
 * sitemap per content type and block of 2,000 published entries (oldest first, so a block's
 * addresses stay put as entries are added), every language included, the home page first in the
 * pages'. Rendered once per site and address until an entry of the site changes.
 */
export class SitemapsService {
  private readonly rendered: SiteRenderings<string | null>;

  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
  ) {
    this.rendered = new SiteRenderings(runtime, 'sitemaps', SITEMAP_CACHE_MS, (event) => CHANGES.test(event));
  }

  listen(): void {
    this.rendered.listen();
  }

  /** `base`: the absolute URL the site is reached at, without a trailing slash. */
  index(site: Site, base: string): Promise<string> {
    return this.rendered.get(site.id, `${base}|index`, async () => {
      const sitemaps: Array<{ loc: string; lastmod: string | null }> = [];
      for (const type of (await this.content.types.ofSite(site)).values()) {
        const { total } = await this.content.published.latest(site, {
          type: type.slug,
          limit: 1,
          count: true,
        });
        const pages = Math.ceil(total / SITEMAP_SIZE);
        for (let page = 1; page <= pages; page++)
          sitemaps.push({ loc: `${base}/sitemap-${type.slug}-${page}.xml`, lastmod: null });
      }
      return renderSitemapIndex(sitemaps);
    }) as Promise<string>;
  }

  /** One block of a type's published entries; null when the type or the block does not exist. */
  urls(site: Site, base: string, type: string, page: number): Promise<string | null> {
    return this.rendered.get(site.id, `${base}|${type}|${page}`, async () => {
      if (!(await this.content.types.ofSite(site)).has(type)) return null;
      const { items } = await this.content.published.latest(site, {
        type,
        limit: SITEMAP_SIZE,
        page,
        order: 'oldest',
        count: false,
      });
      if (items.length === 0) return null;
      const reserved = await this.membersOnly(site, items);
      const urls: SitemapUrl[] = items
        .filter((item) => !reserved.has(item.id))
        .map((item) => ({ loc: `${base}${item.url}`, lastmod: item.updated_at }));
      // The home page heads the pages', as in WordPress's.
      if (type === 'page' && page === 1) urls.unshift({ loc: `${base}/`, lastmod: null });
      return renderUrlSet(await this.filtered(site, urls, { type, page, base }));
    });
  }

  /** The `sitemap.urls` filter's answer, when a plugin set one: what is not this site's is dropped. */
  private async filtered(
    site: Site,
    urls: SitemapUrl[],
    sitemap: { type: string; page: number; base: string },
  ): Promise<SitemapUrl[]> {
    if (!this.runtime.hooks.hasCallbacks('sitemap.urls')) return urls;
    const ctx = visitorContext(this.runtime, site);
    const answer: unknown = await ctx.hooks.applyFilters('sitemap.urls', urls, sitemap);
    if (!Array.isArray(answer)) return urls;
    return answer.flatMap((url: unknown) => {
      if (typeof url !== 'object' || url === null) return [];
      const { loc, lastmod } = url as Record<string, unknown>;
      if (typeof loc !== 'string' || !(loc === sitemap.base || loc.startsWith(`${sitemap.base}/`))) return [];
      return [{ loc, lastmod: typeof lastmod === 'string' ? lastmod : null }];
    });
  }

  /** Entries a plugin reserves for members (the `entry.access` filter): not listed. */
  private async membersOnly(site: Site, items: readonly PublishedItem[]): Promise<Set<number>> {
    const reserved = new Set<number>();
    if (!this.runtime.hooks.hasCallbacks('entry.access')) return reserved;
    const ctx = visitorContext(this.runtime, site);
    for (const item of items) {
      const entry = { id: item.id, type: item.type, title: item.title, url: item.url };
      if ((await ctx.hooks.applyFilters('entry.access', 'public', entry, { signedIn: false })) === 'members')
        reserved.add(item.id);
    }
    return reserved;
  }
}
