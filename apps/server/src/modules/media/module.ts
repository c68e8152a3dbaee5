import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import { perSiteStep } from '../../core/plugins/uninstall.js';
import type { Runtime } from '../../core/runtime.js';
import { FoldersService } from './folders.js';
import { handleOrphans, ORPHANS_JOB, purgeAbandonedUploads } from './orphans.js';
import { MediaRepo } from './repo.js';
import { mediaRoutes } from './routes.js';
import { mediaFileRoutes } from './serve.js';
import { MediaService } from './service.js';
import { registerMediaSettings } from './settings.js';
import { stockRoutes } from './stock/routes.js';
import { StockService } from './stock/service.js';
import { trackMediaUsage } from './usage.js';

interface Media {
  media: MediaService;
  folders: FoldersService;
  stock: StockService;
}

const byRuntime = new WeakMap<Runtime, Media>();

/** The media services of a runtime, made once: routes, the stock importer, plugins and jobs share them. */
export function mediaOf(runtime: Runtime): Media {
  let services = byRuntime.get(runtime);
  if (!services) {
    const folders = new FoldersService(runtime);
    const media = new MediaService(runtime, folders);
    services = { media, folders, stock: new StockService(runtime, media, folders) };
    byRuntime.set(runtime, services);
  }
  return services;
}

/** The media library (spec 1 Media, 2.5, 4.2): uploads, variants, folders, usage, storage. */
export const mediaModule: TesseraModule = {
  name: 'media',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  async setup(runtime) {
    registerMediaSettings(runtime);
    trackMediaUsage(runtime);
    // The uses an uninstalled plugin's records declared no longer hold its media.
    pluginsOf(runtime).addUninstallStep(
      perSiteStep(runtime, {
        count: (siteId, { area }) =>
          new MediaRepo(runtime.data.site(siteId)).countUsesStartingWith(`${area}.`),
        say: (count) => `${count} use(s) of media items by its records`,
        remove: (siteId, { area }) =>
          new MediaRepo(runtime.data.site(siteId)).forgetUsesStartingWith(`${area}.`),
      }),
    );
    const { media } = mediaOf(runtime);
    runtime.jobs.registry.define(ORPHANS_JOB, async (_payload, { log }) => {
      let deleted = 0;
      for (const site of await runtime.siteStore.list())
        deleted += (await handleOrphans(runtime, media, site)).deleted;
      const abandoned = await purgeAbandonedUploads(media.uploadDir);
      log.info({ deleted, abandoned_uploads: abandoned }, 'media orphans handled');
    });
    await runtime.jobs.schedules.schedule(ORPHANS_JOB, '23 4 * * *', {});
  },
  routes(app, runtime) {
    const { media, folders, stock } = mediaOf(runtime);
    stockRoutes(app, runtime, stock);
    mediaRoutes(app, runtime, media, folders);
    mediaFileRoutes(app, runtime);
  },
};
