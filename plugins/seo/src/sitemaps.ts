import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { entrySeo } from './fields.js';
import type { SeoSettings } from './settings.js';

/**
 * The sitemaps as the settings say: the types and taxonomies left out are gone from the index (and
 * their own sitemaps answer 404), entries marked noindex or whose canonical address is elsewhere are
 * not listed, and images only when asked.
 */
export function sitemapFilters(
  plugin: PluginContext,
  settingsOf: (ctx: PluginOperation) => Promise<SeoSettings>,
): void {
  plugin.hooks.onFilter('sitemap.index', async (sitemaps, ctx) => {
    const { sitemaps: chosen } = await settingsOf(ctx);
    return sitemaps.filter((sitemap) =>
      sitemap.kind === 'type'
        ? !chosen.exclude_types.includes(sitemap.name)
        : !chosen.exclude_taxonomies.includes(sitemap.name),
    );
  });

  plugin.hooks.onFilter('sitemap.urls', async (urls, ctx) => {
    const { sitemaps: chosen } = await settingsOf(ctx);
    return urls.flatMap((url) => {
      if (url.entry) {
        const seo = entrySeo(url.entry.fields);
        // Kept out of search, or a copy of a page that lives elsewhere: not a page to crawl.
        if (seo.noindex || (seo.canonical !== '' && seo.canonical !== url.loc)) return [];
      }
      if (chosen.images || !url.images) return [url];
      const { images: _left, ...rest } = url;
      return [rest];
    });
  });
}
