import type { ActionArgs, ActionName, FilterName, FilterRest, FilterValue, HookContext } from './hooks.js';

/** A site as a plugin sees it: who it is, its languages and its theme. */
export interface PluginSite {
  readonly id: number;
  /** Short stable name (`main`, `shop-fr`). */
  readonly handle: string;
  readonly name: string;
  readonly primary_domain: string;
  readonly aliases: readonly string[];
  readonly default_locale: string;
  readonly locales: readonly string[];
  readonly theme: string;
  readonly enabled: boolean;
}

/** Who performs an operation, and what they may do on its site. */
export interface PluginActor {
  readonly site: PluginSite;
  readonly access: { allows(permission: string): boolean };
  /** The acting user; null when the system acts (a job, the CLI) or a visitor does. */
  readonly userId: number | null;
  readonly ip: string | null;
}

export interface PluginLogFn {
  (message: string): void;
  (details: object, message?: string): void;
}

/** A pino logger: `log.info({ order: 7 }, 'paid')`. */
export interface PluginLogger {
  readonly trace: PluginLogFn;
  readonly debug: PluginLogFn;
  readonly info: PluginLogFn;
  readonly warn: PluginLogFn;
  readonly error: PluginLogFn;
  readonly fatal: PluginLogFn;
  child(bindings: Record<string, unknown>): PluginLogger;
}

export interface PluginEnqueueOptions {
  /** Seconds from now before the job may run. */
  delaySeconds?: number;
  /** The earliest time the job may run; wins over delaySeconds. */
  runAt?: Date | string;
  /** Runs before the job is marked failed. Default: the handler's, else 5. */
  maxAttempts?: number;
  /**
   * While a job of the same name, site and key has not started, enqueueing again returns it
   * instead of adding one.
   */
  dedupeKey?: string;
}

/**
 * One operation, handed to every route handler, hook callback and job: the site it works on, who
 * acts, its transaction, the hooks, the job queue and the logger. The plugin reaches its tables
 * through `plugin.db(ctx)`, never through the operation.
 */
export interface PluginOperation extends HookContext {
  readonly site: PluginSite;
  readonly actor: PluginActor;
  readonly log: PluginLogger;
  readonly hooks: {
    /** Fires an action: a `transaction` hook now (it may refuse), an `after_commit` one after the commit. */
    doAction<N extends ActionName>(name: N, ...args: ActionArgs<N>): Promise<void>;
    applyFilters<N extends FilterName>(
      name: N,
      value: FilterValue<N>,
      ...rest: FilterRest<N>
    ): Promise<FilterValue<N>>;
  };
  readonly jobs: {
    /** In the operation's transaction when one is open (it commits or rolls back with it), for its site. */
    enqueue(name: string, payload: unknown, options?: PluginEnqueueOptions): Promise<number>;
  };
  /** Runs `work` in one transaction; nested calls join the open one. */
  transaction<R>(work: (ctx: PluginOperation) => Promise<R>): Promise<R>;
  /** Runs `effect` once the open transaction committed (never after a rollback); at once outside one. */
  afterCommit(effect: () => unknown): void;
}

/** What a job handler learns about its run. */
export interface PluginJobRun {
  jobId: number;
  /** 1 on the first run, 2 on the first retry... */
  attempt: number;
  maxAttempts: number;
  siteId: number | null;
  /** Aborted when the run must stop (its timeout, or the worker lost the job): pass it to fetch. */
  signal: AbortSignal;
  log: PluginLogger;
  /** An operation on the job's site acting as the system; null for a job of no site. */
  operation: PluginOperation | null;
}
