import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterCommit } from '../../core/db/transaction-routing.js';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import { mediaOf } from '../media/module.js';
import { searchOf } from '../search/module.js';
import { canvasRoutes } from './canvas.js';
import { commentFormRoutes } from './comment-form.js';
import { contactFormRoutes } from './contact-form.js';
import { registerDesignTokens } from './design-tokens.js';
import { PageCache, tagsOfEvent } from './page-cache.js';
import { PreviewLinks } from './preview-links.js';
import { previewLinkRoutes } from './preview-routes.js';
import { RedirectsService, redirectRoutes } from './redirects.js';
import { publicRoutes } from './routes.js';
import { PublicSite } from './service.js';
import type { SitePartsKey } from './site-parts.js';
import { themesOf } from './themes/admin.js';
import { themeRoutes } from './themes/routes.js';

const caches = new WeakMap<Runtime, PageCache>();

function pageCacheOf(runtime: Runtime): PageCache {
  let cache = caches.get(runtime);
  if (!cache) {
    cache = new PageCache();
    caches.set(runtime, cache);
  }
  return cache;
}

const sites = new WeakMap<Runtime, { site: PublicSite; redirects: RedirectsService }>();

function publicSiteParts(runtime: Runtime) {
  let parts = sites.get(runtime);
  if (!parts) {
    const redirects = new RedirectsService(runtime);
    const site = new PublicSite(
      runtime,
      contentOf(runtime),
      mediaOf(runtime).media,
      searchOf(runtime),
      redirects,
      themesOf(runtime),
    );
    parts = { site, redirects };
    sites.set(runtime, parts);
  }
  return parts;
}

/**
 * The public site of a runtime: where other modules add pages to its router (`pages.get`) and frame
 * them in the theme's document (`frames.framePage`), so they are answered as the core's pages are.
 */
export function publicSiteOf(runtime: Runtime): PublicSite {
  return publicSiteParts(runtime).site;
}

interface PagesKey {
  siteId: number;
  tags: string[];
}

/** The public site: entries at their URLs in the default theme (spec 1, 2.1), with its page cache. */
export const publicModule: TesseraModule = {
  name: 'public',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  setup(runtime) {
    registerDesignTokens(runtime);
    themesOf(runtime);
    const cache = pageCacheOf(runtime);
    // `forget` reaches every worker of a cluster; `tessera cache:clear` and the cache epoch empty it.
    runtime.caches.register(
      'pages',
      () => cache.clear(),
      (key) => {
        const { siteId, tags } = key as PagesKey;
        cache.invalidate(siteId, tags);
      },
    );
    // After the commit: dropped earlier, a visitor could render the old version again and keep it.
    runtime.hooks.addAction(
      'site.event',
      async (context, event) => {
        const tags = tagsOfEvent(event.name, event.data);
        const site = context.site;
        if (!tags || !site) return;
        await afterCommit(() => runtime.caches.forget('pages', { siteId: site.id, tags } satisfies PagesKey));
        // The widgets' lists say how many comments each entry has (the rest of what they show, the
        // navigation module follows): those listing the comment's entry are rendered again.
        if (event.name.startsWith('comment.'))
          await afterCommit(() =>
            runtime.caches.forget('widgets', { siteId: site.id, tags } satisfies SitePartsKey),
          );
      },
      { owner: 'core:public' },
    );
  },
  routes(app, runtime) {
    const { site, redirects } = publicSiteParts(runtime);
    redirectRoutes(app, runtime, redirects);
    const themes = themesOf(runtime);
    const previews = new PreviewLinks(runtime);
    previewLinkRoutes(app, runtime, previews);
    publicRoutes(app, runtime, site, pageCacheOf(runtime), themes, previews);
    themeRoutes(app, runtime);
    contactFormRoutes(app, runtime, site);
    commentFormRoutes(app, runtime, site);
    canvasRoutes(app, runtime, site);
  },
};
