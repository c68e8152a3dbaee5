import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import type { Content } from '../content/content.js';
import type { PublishedItem } from '../content/published/service.js';
import type { MediaService } from '../media/service.js';
import { ANONYMOUS_READER, accessVerdict } from '../public/entry-access.js';
import { SitemapsRepo } from './repo-sitemaps.js';
import type { SitemapUrl } from './sitemaps.js';

/** Addresses per sitemap: well under the protocol's 50,000, so one is quick to render and read. */
export const SITEMAP_SIZE = 2_000;

/**
 * The taxonomies whose terms have an archive on the public site (`/category/<slug>`,
 * `/tag/<slug>`: LISTING in public/post-lists.ts), each listing the term's posts.
 */
export const ARCHIVED_TAXONOMIES: readonly string[] = ['category', 'tag'];
/** The type the term archives list. */
const ARCHIVED_TYPE = 'post';

/**
 * The addresses a sitemap lists, as the public site serves them: a block of a type's published
 * entries (with when each went live, its featured image and its translations), or of a taxonomy's
 * term archives. Null when the type, the taxonomy or the block does not exist.
 */
export class SitemapAddresses {
  constructor(
    private readonly runtime: Runtime,
    private readonly content: Content,
    private readonly media: MediaService,
  ) {}

  /** Block `page` of a type's published entries, oldest first; the home page heads the pages'. */
  async ofType(site: Site, base: string, type: string, page: number): Promise<SitemapUrl[] | null> {
    if (!(await this.content.types.ofSite(site)).has(type)) return null;
    const { items } = await this.content.published.latest(site, {
      type,
      limit: SITEMAP_SIZE,
      page,
      order: 'oldest',
      count: false,
    });
    // The home page heads the pages', as in WordPress's: there even while no page is published.
    const home: SitemapUrl[] = type === 'page' && page === 1 ? [{ loc: `${base}/`, lastmod: null }] : [];
    if (items.length === 0 && home.length === 0) return null;
    const reserved = await this.membersOnly(site, items);
    const listed = items.filter((item) => !reserved.has(item.id));
    const repo = new SitemapsRepo(this.runtime.data.site(site.id));
    const ids = listed.map((item) => item.id);
    // Read only for a plugin's `sitemap.urls` filter (the SEO plugin's noindex), never written.
    const filtered = this.runtime.hooks.hasCallbacks('sitemap.urls');
    const [images, alternates, fields] = await Promise.all([
      this.featuredImages(site, base, listed),
      this.translations(site, base, repo, ids),
      filtered ? repo.liveFields(ids) : new Map<number, Record<string, unknown>>(),
    ]);
    return [
      ...home,
      ...listed.map((item) => {
        const image = images.get(item.id);
        const links = alternates.get(item.id);
        return {
          loc: `${base}${item.url}`,
          // When its live version went live: a draft saved since does not move it.
          lastmod: item.updated_at,
          entry: { id: item.id, type: item.type, locale: item.locale, fields: fields.get(item.id) ?? {} },
          ...(image ? { images: [{ loc: image }] } : {}),
          ...(links ? { alternates: links } : {}),
        };
      }),
    ];
  }

  /**
   * Block `page` of a taxonomy's term archives that list a published post, in each language that
   * has one, with when the newest of those posts went live. Terms are shared by the site's
   * languages, so an archive's alternates are its versions in every language, as its page's head says.
   */
  async ofTaxonomy(site: Site, base: string, taxonomy: string, page: number): Promise<SitemapUrl[] | null> {
    const type = ARCHIVED_TAXONOMIES.includes(taxonomy)
      ? (await this.content.types.ofSite(site)).get(ARCHIVED_TYPE)
      : undefined;
    if (!type) return null;
    const rows = await new SitemapsRepo(this.runtime.data.site(site.id)).termArchives(taxonomy, type.id, {
      limit: SITEMAP_SIZE,
      offset: (page - 1) * SITEMAP_SIZE,
    });
    const archive = (slug: string, locale: string) =>
      `${base}${locale === site.default_locale ? '' : `/${locale}`}/${taxonomy}/${slug}`;
    const urls = rows
      .filter((row) => site.locales.includes(row.locale))
      .map((row): SitemapUrl => {
        if (site.locales.length < 2) return { loc: archive(row.slug, row.locale), lastmod: row.lastmod };
        const alternates = site.locales.map((locale) => ({
          hreflang: locale,
          href: archive(row.slug, locale),
        }));
        alternates.push({ hreflang: 'x-default', href: archive(row.slug, site.default_locale) });
        return { loc: archive(row.slug, row.locale), lastmod: row.lastmod, alternates };
      });
    return urls.length > 0 ? urls : null;
  }

  /** How many blocks of term archives a taxonomy has. */
  async taxonomyBlocks(site: Site, taxonomy: string): Promise<number> {
    const type = (await this.content.types.ofSite(site)).get(ARCHIVED_TYPE);
    if (!type) return 0;
    const repo = new SitemapsRepo(this.runtime.data.site(site.id));
    return Math.ceil((await repo.countTermArchives(taxonomy, type.id)) / SITEMAP_SIZE);
  }

  /**
   * Each entry's featured image as its page's head shows it (the large variant, else the full
   * one), absolute; fetched at once for the whole block.
   */
  private async featuredImages(
    site: Site,
    base: string,
    items: readonly PublishedItem[],
  ): Promise<Map<number, string>> {
    const ids = items.flatMap((item) => (item.featured_media_id === null ? [] : [item.featured_media_id]));
    if (ids.length === 0) return new Map();
    const views = await this.media.publicViews(site, ids);
    const images = new Map<number, string>();
    for (const item of items) {
      const view = item.featured_media_id === null ? undefined : views.get(item.featured_media_id);
      const url = (view?.variants.large ?? view?.variants.full)?.url;
      if (url) images.set(item.id, /^https?:\/\//.test(url) ? url : `${base}${url}`);
    }
    return images;
  }

  /**
   * hreflang alternates of the entries that have a published translation in another of the site's
   * languages, as their pages' heads give them (entry-head.ts): each language's version, then
   * x-default, the default language's version when there is one.
   */
  private async translations(
    site: Site,
    base: string,
    repo: SitemapsRepo,
    ids: readonly number[],
  ): Promise<Map<number, Array<{ hreflang: string; href: string }>>> {
    const alternates = new Map<number, Array<{ hreflang: string; href: string }>>();
    if (site.locales.length < 2 || ids.length === 0) return alternates;
    const groups = [...(await repo.translationGroups(ids)).values()].filter((members) => members.length > 1);
    const items = new Map(
      (await this.content.published.items(site, groups.flat())).map((item) => [item.id, item]),
    );
    for (const members of groups) {
      const versions = site.locales.flatMap((locale) => {
        const version = members.map((id) => items.get(id)).find((item) => item?.locale === locale);
        return version ? [{ hreflang: locale, href: `${base}${version.url}` }] : [];
      });
      if (versions.length < 2) continue;
      const fallback = versions.find((version) => version.hreflang === site.default_locale);
      const links = fallback ? [...versions, { hreflang: 'x-default', href: fallback.href }] : versions;
      // Each entry its own copy: a filter that edits one entry's links leaves the others' alone.
      for (const id of members)
        alternates.set(
          id,
          links.map((link) => ({ ...link })),
        );
    }
    return alternates;
  }

  /**
   * Entries a plugin restricts (the `entry.access` filter) for an anonymous visitor of the sitemap:
   * not listed, unless the plugin answers `public` for the `sitemap` surface (a members setting).
   */
  private async membersOnly(site: Site, items: readonly PublishedItem[]): Promise<Set<number>> {
    const reserved = new Set<number>();
    for (const item of items) {
      const entry = { id: item.id, type: item.type, title: item.title, url: item.url, locale: item.locale };
      if (
        (await accessVerdict(this.runtime, site, entry, { ...ANONYMOUS_READER, surface: 'sitemap' })) !==
        'read'
      )
        reserved.add(item.id);
    }
    return reserved;
  }
}
