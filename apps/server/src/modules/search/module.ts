import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { contentOf } from '../content/content.js';
import { searchRoutes } from './routes.js';
import { SearchService } from './service.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'search.reindex': Record<string, never>;
  }
}

const byRuntime = new WeakMap<Runtime, SearchService>();

export function searchOf(runtime: Runtime): SearchService {
  let search = byRuntime.get(runtime);
  if (!search) {
    search = new SearchService(runtime, contentOf(runtime));
    byRuntime.set(runtime, search);
  }
  return search;
}

/** Full-text search of published content (spec 4.3), following every entry change in its transaction. */
export const searchModule: TesseraModule = {
  name: 'search',
  migrations: join(dirname(fileURLToPath(import.meta.url)), 'migrations'),
  async setup(runtime) {
    const search = searchOf(runtime);
    runtime.hooks.addAction(
      'site.event',
      async (ctx, event) => {
        const site = ctx.site;
        if (!site) return;
        if (event.name === 'content.imported') {
          await search.reindex(site);
          return;
        }
        const { type, id } = event.data;
        if (typeof type !== 'string' || typeof id !== 'number' || !event.name.startsWith(`${type}.`)) return;
        const action = event.name.slice(type.length + 1);
        if (action === 'published') await search.index(site, [id]);
        else if (action === 'unpublished' || action === 'deleted') await search.remove(site, [id]);
      },
      { owner: 'core:search' },
    );
    // A plugin changed who may read entries: the index keeps a restricted entry's teaser only.
    runtime.hooks.addAction(
      'entries.access_changed',
      async (ctx, { ids }) => {
        if (ctx.site) await search.index(ctx.site, ids);
      },
      { owner: 'core:search' },
    );
    runtime.jobs.registry.define('search.reindex', async (_payload, { siteId, log }) => {
      const site = siteId === null ? null : await runtime.siteStore.findById(siteId);
      if (!site) return;
      log.info({ site: site.id, entries: await search.reindex(site) }, 'search index rebuilt');
    });
    // An installation upgraded to a version with search has published entries and an empty index.
    for (const site of await runtime.siteStore.list()) {
      if (!(await search.isEmpty(site))) continue;
      const published = await contentOf(runtime).published.documents(site, { afterId: 0, limit: 1 });
      if (published.length > 0)
        await runtime.jobs.queue.enqueue(
          'search.reindex',
          {},
          { siteId: site.id, dedupeKey: `search.reindex:${site.id}` },
        );
    }
  },
  routes(app, runtime) {
    searchRoutes(app, runtime, searchOf(runtime));
  },
};
