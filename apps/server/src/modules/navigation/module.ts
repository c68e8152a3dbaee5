import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterCommit } from '../../core/db/transaction-routing.js';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import { menuRoutes } from './menus/routes.js';
import { MenusService } from './menus/service.js';
import { SiteMenusResolver } from './menus/site-menus.js';
import { sectionRoutes } from './sections/routes.js';
import { SectionsService } from './sections/service.js';
import { widgetRoutes } from './widgets/routes.js';
import { WidgetsService } from './widgets/service.js';

const resolvers = new WeakMap<Runtime, SiteMenusResolver>();

const widgetServices = new WeakMap<Runtime, WidgetsService>();

/** The widgets service of a runtime (the public site renders what it lists). */
export function widgetsOf(runtime: Runtime): WidgetsService {
  let service = widgetServices.get(runtime);
  if (!service) {
    service = new WidgetsService(runtime);
    widgetServices.set(runtime, service);
  }
  return service;
}

const sectionServices = new WeakMap<Runtime, SectionsService>();

/** The header and footer sections of a runtime (the public site shows the published ones). */
export function sectionsOf(runtime: Runtime): SectionsService {
  let service = sectionServices.get(runtime);
  if (!service) {
    service = new SectionsService(runtime);
    sectionServices.set(runtime, service);
  }
  return service;
}

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

const WIDGET_SOURCES = /^(widget\.|section\.|media\.|pattern\.|settings\.)/;

/** Navigation (spec 1): menus in the theme's locations, widgets in its zones, the global header and footer. */
export const navigationModule: TesseraModule = {
  name: 'navigation',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  setup(runtime) {
    siteMenusOf(runtime);
    runtime.hooks.addAction(
      'site.event',
      async (context, event) => {
        const site = context.site;
        if (!site) return;
        // Widgets and sections show entries (a latest-posts widget), media, patterns and the site's
        // title as well as their own blocks.
        if (MENU_SOURCES.test(event.name) || WIDGET_SOURCES.test(event.name))
          await afterCommit(() => runtime.caches.forget('widgets', site.id));
        if (MENU_SOURCES.test(event.name)) await afterCommit(() => runtime.caches.forget('menus', site.id));
      },
      { owner: 'core:navigation' },
    );
  },
  routes(app, runtime) {
    menuRoutes(app, runtime, new MenusService(runtime));
    widgetRoutes(app, runtime, widgetsOf(runtime));
    sectionRoutes(app, runtime, sectionsOf(runtime));
  },
};
