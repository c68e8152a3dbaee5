import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { systemOperation } from '../identity/actor.js';
import { settingsOf } from '../settings/service.js';
import { MediaRepo } from './repo.js';
import type { MediaService } from './service.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'media.orphans': Record<string, never>;
  }
}

export const ORPHANS_JOB = 'media.orphans';
const BATCH = 100;

/**
 * The daily orphan run of one site, as its media setting `orphans` says: off, report (log the
 * media used nowhere for longer than min_age_days), or delete them with their files.
 */
export async function handleOrphans(
  runtime: Runtime,
  media: MediaService,
  site: Site,
): Promise<{ found: number; deleted: number }> {
  const { orphans } = await settingsOf(runtime, site, 'media');
  if (orphans.action === 'off') return { found: 0, deleted: 0 };
  const before = new Date(Date.now() - orphans.min_age_days * 86_400_000).toISOString();
  const repo = new MediaRepo(runtime.data.site(site.id));
  const { rows, total } = await repo.list({ orphaned: true, createdBefore: before }, 1, BATCH);
  if (orphans.action === 'report') {
    runtime.log.info(
      {
        site: site.id,
        orphans: total,
        sample: rows.slice(0, 20).map((row) => ({ id: row.id, name: row.original_name })),
      },
      'media used nowhere',
    );
    return { found: total, deleted: 0 };
  }
  const ctx = systemOperation(runtime, site);
  let deleted = 0;
  // Rechecked one by one: a save since the listing may have put an item back in use.
  for (const row of rows) {
    try {
      await media.delete(ctx, row.id, false);
      deleted++;
    } catch {
      // In use again, or gone already: left for the next run.
    }
  }
  runtime.log.info({ site: site.id, orphans: total, deleted }, 'orphaned media deleted');
  return { found: total, deleted };
}

/** Upload files a crashed process left behind, older than a day. */
export async function purgeAbandonedUploads(dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > 86_400_000) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}
