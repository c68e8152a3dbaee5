import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import { mediaOf } from '../media/module.js';
import { feedRoutes } from './routes.js';
import { FeedsService } from './service.js';
import { sitemapRoutes } from './sitemap-routes.js';
import { SitemapsService } from './sitemaps.js';

const byRuntime = new WeakMap<Runtime, { feeds: FeedsService; sitemaps: SitemapsService }>();

function feedsOf(runtime: Runtime): { feeds: FeedsService; sitemaps: SitemapsService } {
  let services = byRuntime.get(runtime);
  if (!services) {
    services = {
      feeds: new FeedsService(runtime, contentOf(runtime)),
      sitemaps: new SitemapsService(runtime, contentOf(runtime), mediaOf(runtime).media),
    };
    byRuntime.set(runtime, services);
  }
  return services;
}

/**
 * RSS feeds of the blog (spec 1 Blog): the latest posts, per category and per tag; and for
 * crawlers, robots.txt and the sitemaps of every published entry and of the term archives.
 */
export const feedsModule: TesseraModule = {
  name: 'feeds',
  setup(runtime) {
    feedsOf(runtime).feeds.listen();
    feedsOf(runtime).sitemaps.listen();
  },
  routes(app, runtime) {
    feedRoutes(app, feedsOf(runtime).feeds);
    sitemapRoutes(app, runtime, feedsOf(runtime).sitemaps);
  },
};
