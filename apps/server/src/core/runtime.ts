import { join } from 'node:path';
import type { Logger } from 'pino';
import { PermissionCatalogue } from './access/permission-catalogue.js';
import { loadSecretKey, SecretBox } from './access/secret-box.js';
import { CacheRegistry } from './cache/cache-registry.js';
import { connectRedisPeers } from './cache/redis-peers.js';
import type { Config } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/connect.js';
import { Data } from './db/data.js';
import { declareMediaReferencesHook } from './events/media-references.js';
import { declareSiteEventHook } from './events/site-events.js';
import { HookManager } from './hooks/hook-manager.js';
import { openRateLimitStore } from './http/rate-limit/open-store.js';
import type { RateLimitStore } from './http/rate-limit/store.js';
import { createJobs, type Jobs } from './jobs/jobs.js';
import { createLogger } from './logger.js';
import { defineMailJob } from './mail/mail-job.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { SettingsRegistry } from './settings/settings-registry.js';
import { SiteDirectory } from './sites/site-directory.js';
import { SiteStore } from './sites/site-store.js';
import { openStorage } from './storage/open-storage.js';
import type { FileStorage } from './storage/storage.js';

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
  /** Every permission core and plugins know; roles can hold only these. */
  readonly permissions: PermissionCatalogue;
  /** Every settings group (schema, defaults, secrets) core and plugins register. */
  readonly settings: SettingsRegistry;
  readonly siteStore: SiteStore;
  readonly sites: SiteDirectory;
  /** Every in-process cache, so `tessera cache:clear` (and the cache epoch) can empty them all. */
  readonly caches: CacheRegistry;
  /** The job queue, the handlers workers run, and recurring schedules. */
  readonly jobs: Jobs;
  /** Rate-limit counters: in memory, or in Redis when REDIS_URL is set so instances share them. */
  readonly rateLimits: RateLimitStore;
  /**
   * Outgoing mail: SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. Operations never
   * call it: they enqueue the message in their transaction (core/mail/mail-job.ts) and a worker sends it.
   */
  readonly mailer: Mailer;
  /** Media files: local disk under DATA_DIR/media, or an S3-compatible bucket (MEDIA_STORAGE). */
  readonly storage: FileStorage;
  /** Seals secrets Tessera must read back (two-factor seeds); the key is read on first use. */
  readonly secrets: SecretBox;
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
  const database =
    options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const data = new Data(database.kysely, database.engine);
  const siteStore = new SiteStore(data.global);
  const sites = new SiteDirectory(siteStore, {
    baseDomain: config.baseDomain,
    unknownHost: config.unknownHost,
  });
  const caches = new CacheRegistry();
  caches.register('sites', () => sites.invalidate());
  const rateLimits = openRateLimitStore(config, log);
  const releases: Array<() => Promise<void> | void> = [() => database.close(), () => rateLimits.close()];
  // Several instances behind one Redis: a cache change here reaches every other instance.
  if (config.redisUrl) {
    const peers = connectRedisPeers(caches, { url: config.redisUrl, log });
    releases.push(() => peers.close());
  }
  const mailer = createMailer(config, log);
  releases.push(() => mailer.close());
  const storage = openStorage(config);
  releases.push(() => storage.close());
  let closed = false;
  let secretBox: SecretBox | null = null;
  // Made on first use, so commands that never seal anything create no key file.
  const secrets = () => {
    secretBox ??= new SecretBox(loadSecretKey(config.secretKey, join(config.dataDir, 'secret.key')));
    return secretBox;
  };
  const jobs = createJobs(data, { leaseSeconds: config.jobs.leaseSeconds });
  // Mail goes out only through the queue, so every process (server, worker, CLI) knows its job.
  defineMailJob(jobs.registry, mailer, secrets);
  const hooks = new HookManager(log);
  declareSiteEventHook(hooks);
  declareMediaReferencesHook(hooks);
  return {
    config,
    log,
    database,
    data,
    hooks,
    permissions: new PermissionCatalogue(),
    settings: new SettingsRegistry(),
    siteStore,
    sites,
    caches,
    jobs,
    rateLimits,
    mailer,
    storage,
    get secrets() {
      return secrets();
    },
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
