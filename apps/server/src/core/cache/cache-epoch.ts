import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { GlobalTables } from '../db/schema.js';
import type { Runtime } from '../runtime.js';
import type { CacheRegistry } from './cache-registry.js';

/** One row per global switch; `cache_epoch` is the first, others (maintenance mode...) can follow. */
export interface SystemStateTable {
  key: string;
  value: string;
}

declare module '../db/schema.js' {
  interface GlobalTables {
    system_state: SystemStateTable;
  }
}

const EPOCH_KEY = 'cache_epoch';

/** Often enough that `tessera cache:clear` feels immediate, rare enough to cost nothing (one indexed read). */
export const DEFAULT_EPOCH_POLL_MS = 5_000;

export async function readCacheEpoch(db: Kysely<GlobalTables>): Promise<number> {
  const row = await db
    .selectFrom('system_state')
    .select('value')
    .where('key', '=', EPOCH_KEY)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/**
 * Moves the epoch on; every process watching it clears its caches at its next poll. The increment is
 * one statement, so concurrent clears never lose a step.
 */
export async function bumpCacheEpoch(db: Kysely<GlobalTables>): Promise<number> {
  const updated = await db
    .updateTable('system_state')
    .set({ value: sql<string>`cast(cast(value as integer) + 1 as text)` })
    .where('key', '=', EPOCH_KEY)
    .executeTakeFirst();
  // The migration seeds the row; recreate it should someone have deleted it.
  if (Number(updated.numUpdatedRows) === 0)
    await db.insertInto('system_state').values({ key: EPOCH_KEY, value: '1' }).execute();
  return readCacheEpoch(db);
}

export interface CacheEpochWatcherOptions {
  /** Pause between reads of the epoch, in milliseconds; tests make it short. */
  intervalMs?: number;
  log?: Logger;
}

/**
 * Clears a process's caches when another process (`tessera cache:clear` from a shell, another
 * instance) moves the epoch on: caches are per process, the database is what they all share.
 */
export class CacheEpochWatcher {
  private timer: NodeJS.Timeout | null = null;
  private seen: number | null = null;
  private checking: Promise<boolean> | null = null;

  constructor(
    private readonly db: Kysely<GlobalTables>,
    private readonly caches: CacheRegistry,
    private readonly options: CacheEpochWatcherOptions = {},
  ) {}

  async start(): Promise<void> {
    if (this.timer) return;
    this.seen = await readCacheEpoch(this.db);
    this.timer = setInterval(() => {
      this.check().catch((error: unknown) =>
        this.options.log?.warn({ err: error }, 'cache epoch check failed'),
      );
    }, this.options.intervalMs ?? DEFAULT_EPOCH_POLL_MS);
    // Never the reason a process stays up.
    this.timer.unref();
  }

  /** Reads the epoch once; clears the caches and returns true when it moved. */
  check(): Promise<boolean> {
    this.checking ??= this.compare().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /** Stops polling and waits for a read in flight, so the database can close after it. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking?.catch(() => false);
  }

  private async compare(): Promise<boolean> {
    const epoch = await readCacheEpoch(this.db);
    if (epoch === this.seen) return false;
    const cleared = await this.caches.clearAll();
    this.seen = epoch;
    this.options.log?.info(
      { event: 'cache.cleared', epoch, caches: cleared },
      'caches cleared (cache epoch moved)',
    );
    return true;
  }
}

/** Starts watching the epoch for a long-running process (server, worker); stops when the runtime closes. */
export async function watchCacheEpoch(
  runtime: Runtime,
  options: Omit<CacheEpochWatcherOptions, 'log'> = {},
): Promise<CacheEpochWatcher> {
  const watcher = new CacheEpochWatcher(runtime.data.global, runtime.caches, {
    ...options,
    log: runtime.log,
  });
  await watcher.start();
  runtime.onClose(() => watcher.stop());
  return watcher;
}
