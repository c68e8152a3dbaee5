import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Runtime } from '../runtime.js';
import { bumpCacheEpoch } from './cache-epoch.js';

/** Where rendered pages are cached on disk; the public site's page cache writes here. */
export function pageCacheDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'cache');
}

export interface CacheClearReport {
  /** The new cache epoch: processes watching it clear their in-process caches at their next poll. */
  epoch: number;
  /** This process's own caches, cleared at once. */
  cleared: string[];
  pageCacheDir: string;
  pageCacheRemoved: boolean;
}

/** `tessera cache:clear`: every process's in-process caches, and the page cache on disk. */
export async function clearCaches(runtime: Runtime): Promise<CacheClearReport> {
  const epoch = await bumpCacheEpoch(runtime.data.global);
  const cleared = await runtime.caches.clearAll();
  const dir = pageCacheDir(runtime.config);
  const existed = existsSync(dir);
  if (existed) await rm(dir, { recursive: true, force: true });
  return { epoch, cleared, pageCacheDir: dir, pageCacheRemoved: existed };
}
