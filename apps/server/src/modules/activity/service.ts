import type { Runtime } from '../../core/runtime.js';
import { ActivityRepo } from './repo.js';
import type { ActivityEntryView, ActivityFilter } from './schemas.js';

const EXPORT_BATCH = 1000;

/** Reading, exporting and pruning the activity log. Writing is recordActivity, inside each change's transaction. */
export class ActivityService {
  constructor(private readonly runtime: Runtime) {}

  async list(
    siteId: number,
    filter: ActivityFilter,
    page: number,
    limit: number,
  ): Promise<{ items: ActivityEntryView[]; total: number }> {
    const repo = new ActivityRepo(this.runtime.data.site(siteId));
    const [items, total] = await Promise.all([
      repo.list(filter, limit, { offset: (page - 1) * limit }),
      repo.count(filter),
    ]);
    return { items, total };
  }

  /** Every matching entry, newest first, fetched in batches so an export of a large log stays small in memory. */
  async *export(siteId: number, filter: ActivityFilter): AsyncGenerator<ActivityEntryView> {
    const repo = new ActivityRepo(this.runtime.data.site(siteId));
    let beforeId: number | undefined;
    for (;;) {
      const batch = await repo.list(filter, EXPORT_BATCH, { beforeId });
      yield* batch;
      if (batch.length < EXPORT_BATCH) return;
      beforeId = batch[batch.length - 1]?.id;
    }
  }

  /** Deletes entries past the retention period on every site; returns how many went. */
  async prune(at = new Date()): Promise<number> {
    const before = new Date(
      at.getTime() - this.runtime.config.activityRetentionDays * 86_400_000,
    ).toISOString();
    let deleted = 0;
    for (const site of await this.runtime.siteStore.list()) {
      deleted += await new ActivityRepo(this.runtime.data.site(site.id)).deleteOlderThan(before);
    }
    return deleted;
  }
}
