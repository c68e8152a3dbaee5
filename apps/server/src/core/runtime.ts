import type { Logger } from 'pino';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import { Data } from './db/data.js';
import { HookManager } from './hooks/hook-manager.js';
import { createLogger } from './logger.js';
import { SiteDirectory } from './sites/site-directory.js';
import { SiteStore } from './sites/site-store.js';

/**
 * The process's shared machinery, built once from the configuration: the HTTP app, the worker and
 * every CLI command run on the same runtime, so they share one set of rules.
 */
export interface Runtime {
  readonly config: Config;
  readonly log: Logger;
  readonly database: DatabaseHandle;
  readonly data: Data;
  readonly hooks: HookManager;
  readonly siteStore: SiteStore;
  readonly sites: SiteDirectory;
  /** Registers something to release on close (pools, timers, connections); released in reverse order. */
  onClose(release: () => Promise<void> | void): void;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  log?: Logger;
  database?: DatabaseHandle;
}

export function createRuntime(config: Config, options: RuntimeOptions = {}): Runtime {
  const log = options.log ?? createLogger(config);
  const database = options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const data = new Data(database.kysely, database.engine);
  const siteStore = new SiteStore(data.global);
  const releases: Array<() => Promise<void> | void> = [() => database.close()];
  let closed = false;
  return {
    config,
    log,
    database,
    data,
    hooks: new HookManager(log),
    siteStore,
    sites: new SiteDirectory(siteStore, { baseDomain: config.baseDomain, unknownHost: config.unknownHost }),
    onClose(release) {
      releases.push(release);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const release of releases.reverse()) await release();
    },
  };
}
