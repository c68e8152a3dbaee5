import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterCommit } from '../../core/db/transaction-routing.js';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import { menuRoutes } from './menus/routes.js';
import { MenusService } from './menus/service.js';
import { SiteMenusResolver } from './menus/site-menus.js';

const resolvers = new WeakMap<Runtime, SiteMenusResolver>();

/** The menus as the public site shows them: one resolver per runtime. */
export function siteMenusOf(runtime: Runtime): SiteMenusResolver {
  let resolver = resolvers.get(runtime);
  if (!resolver) {
    resolver = new SiteMenusResolver(runtime, contentOf(runtime));
    resolvers.set(runtime, resolver);
  }
  return resolver;
}

/** What a change of the site may change in its resolved menus: the menus, and entries and terms they link. */
const MENU_SOURCES =
  /^(menu\.|term\.|taxonomy\.|[a-z][a-z0-9_]*\.(updated|published|unpublished|deleted|restored|trashed)$)/;

/** Navigation (spec 1): menus in the theme's locations. */
export const navigationModule: TesseraModule = {
  name: 'navigation',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  setup(runtime) {
    siteMenusOf(runtime);
    runtime.hooks.addAction(
      'site.event',
      async (context, event) => {
        const site = context.site;
        if (!site || !MENU_SOURCES.test(event.name)) return;
        await afterCommit(() => runtime.caches.forget('menus', site.id));
      },
      { owner: 'core:navigation' },
    );
  },
  routes(app, runtime) {
    menuRoutes(app, runtime, new MenusService(runtime));
  },
};
