import { definePlugin } from '@tessera/plugin';
import { SEO_FIELDS } from './fields.js';
import { imagesToRead, seoHead } from './head.js';
import { robotsProblem, robotsText } from './robots.js';
import { keepScores } from './scores.js';
import { DEFAULTS, type SeoSettings, seoSettingsSchema } from './settings.js';
import { sitemapFilters } from './sitemaps.js';

/**
 * Tessera's SEO plugin: what Yoast SEO and Rank Math do for WordPress, through the plugin context
 * alone. Fields on every entry, templates, the head of every page, JSON-LD, robots.txt and sitemaps.
 */
export default definePlugin((plugin) => {
  plugin.settings.define(seoSettingsSchema(plugin), DEFAULTS, {
    description: 'SEO: titles and descriptions, social cards, structured data, robots.txt and sitemaps',
    check: (values): Record<string, string> => {
      const problem = robotsProblem(values.robots_txt);
      return problem ? { robots_txt: problem } : {};
    },
  });
  const settingsOf = (ctx: Parameters<typeof plugin.settings.read>[0]) =>
    plugin.settings.read<SeoSettings>(ctx);

  plugin.content.addFields('*', SEO_FIELDS);
  // Every list can be narrowed to the entries of one rating, as of their last save.
  plugin.content.listFilter({
    name: 'rating',
    types: '*',
    table: 'seo_scores',
    entryColumn: 'entry_id',
    valueColumn: 'rating',
    values: ['good', 'improve', 'problem'],
  });

  plugin.hooks.onFilter('page.head', async (head, ctx, page) => {
    const settings = await settingsOf(ctx);
    const images = await plugin.media.images(ctx, imagesToRead(page, settings));
    const written = seoHead(head, page, { settings, images });
    // Other plugins add theirs (a shop's Product) to the plugin's own documents.
    const before = head.jsonLd ?? [];
    const documents = await ctx.hooks.applyFilters(
      'seo.json_ld',
      (written.jsonLd ?? []).slice(before.length),
      page,
    );
    return documents.length > 0 ? { ...written, jsonLd: [...before, ...documents] } : written;
  });

  plugin.hooks.onFilter('robots.txt', async (text, ctx, robots) => {
    const settings = await settingsOf(ctx);
    return robotsText(text, {
      discourage: settings.discourage_search_engines,
      text: settings.robots_txt,
      sitemap: robots.sitemap,
    });
  });

  sitemapFilters(plugin, settingsOf);
  keepScores(plugin, settingsOf);
});
