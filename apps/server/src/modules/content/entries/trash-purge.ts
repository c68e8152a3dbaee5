import { systemActorOn } from '../../../core/access/actor.js';
import { operationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { EntriesRepo } from './repo.js';
import type { EntriesService } from './service.js';

export const TRASH_PURGE_JOB = 'content.empty_trash';
/** Entries stay this long in the trash, as in WordPress. */
export const TRASH_DAYS = 30;

declare module '../../../core/jobs/job.js' {
  interface JobPayloads {
    [TRASH_PURGE_JOB]: Record<string, never>;
  }
}

/**
 * A daily job deletes for good what has been in the trash over TRASH_DAYS, on every site, through
 * the same operation as a permanent delete (hooks, children moved up, references dropped).
 */
export async function scheduleTrashPurge(runtime: Runtime, entries: EntriesService): Promise<void> {
  runtime.jobs.registry.define(TRASH_PURGE_JOB, async (_payload, { log, signal }) => {
    const cutoff = new Date(Date.now() - TRASH_DAYS * 86_400_000).toISOString();
    let deleted = 0;
    for (const site of await runtime.siteStore.list()) {
      const ctx = operationContext(runtime, systemActorOn(site, runtime.permissions));
      const types = await entries.types.ofSite(site);
      const slugOf = new Map([...types.values()].map((type) => [type.id, type.slug]));
      for (const entry of await new EntriesRepo(ctx.db).trashedBefore(cutoff)) {
        if (signal.aborted) return;
        const slug = slugOf.get(entry.type_id);
        if (slug === undefined) continue;
        await entries.destroy(ctx, slug, entry.id);
        deleted += 1;
      }
    }
    log.info({ deleted }, 'trash emptied of entries older than the limit');
  });
  await runtime.jobs.schedules.schedule(TRASH_PURGE_JOB, '41 3 * * *', {});
}
