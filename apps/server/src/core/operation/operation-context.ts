import type { Logger } from 'pino';
import { type Actor, anonymousActorOn } from '../access/actor.js';
import type { PermissionCatalogue } from '../access/permission-catalogue.js';
import type { Data, SiteScopedDb } from '../db/data.js';
import { afterCommit, inOpenTransaction } from '../db/transaction-routing.js';
import type { ActionHooks, FilterHooks, HookContext, HookManager } from '../hooks/hook-manager.js';
import type { JobPayload } from '../jobs/job.js';
import type { EnqueueOptions, JobQueue } from '../jobs/job-queue.js';
import type { Site } from '../sites/site.js';

type ActionName = keyof ActionHooks & string;
type FilterName = keyof FilterHooks & string;
type ArgsOf<T> = T extends readonly unknown[] ? T : never;
type FilterValue<N extends FilterName> = ArgsOf<FilterHooks[N]>[0];
type FilterRest<N extends FilterName> = ArgsOf<FilterHooks[N]> extends [unknown, ...infer Rest] ? Rest : [];

/** The hooks as an operation fires them: its own context goes first, and the phase decides when. */
export interface OperationHooks {
  /**
   * A `transaction` hook runs now and may refuse (its error propagates); an `after_commit` hook
   * fired inside the operation's transaction waits for the commit, and never runs after a rollback.
   */
  doAction<N extends ActionName>(name: N, ...args: ArgsOf<ActionHooks[N]>): Promise<void>;
  applyFilters<N extends FilterName>(
    name: N,
    value: FilterValue<N>,
    ...rest: FilterRest<N>
  ): Promise<FilterValue<N>>;
}

/** Enqueueing from an operation: in its transaction when one is open, for its site unless told otherwise. */
export interface OperationJobs {
  enqueue<N extends string>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<number>;
}

/**
 * One operation's context, handed to every service call and hook: the site it works on, who acts,
 * this site's tables, the hooks, the job queue and the logger. Every entry point (HTTP, CLI, jobs,
 * plugins) builds one and calls the same service.
 *
 * Inside `transaction`, every query of the operation, through whatever handle, runs in that
 * transaction (core/db/transaction-routing.ts), and so do the jobs it enqueues: they commit or roll
 * back with the change. Effects outside the database go to `afterCommit` (or are jobs).
 */
export interface OperationContext extends HookContext {
  readonly site: Site;
  readonly actor: Actor;
  readonly log: Logger;
  /** This site's tables. */
  readonly db: SiteScopedDb;
  readonly hooks: OperationHooks;
  readonly jobs: OperationJobs;
  /** Runs `work` in one transaction; nested calls join the open one. */
  transaction<R>(work: (ctx: OperationContext) => Promise<R>): Promise<R>;
  /**
   * Runs `effect` once the open transaction has committed, in order, after the operation's own
   * work; never after a rollback. Outside a transaction it runs at once. A failing effect is logged:
   * the change it follows is already committed.
   */
  afterCommit(effect: () => unknown): void;
}

export interface OperationDeps {
  readonly data: Data;
  readonly hooks: HookManager;
  readonly jobs: { readonly queue: JobQueue };
  readonly log: Logger;
}

/** The context of one operation by `actor` on the actor's site. */
export function operationContext(deps: OperationDeps, actor: Actor): OperationContext {
  return new Operation(deps, actor);
}

/** What an anonymous visitor of `site` causes (a public page, a sitemap): its hooks run as for them. */
export function visitorContext(
  deps: OperationDeps & { readonly permissions: PermissionCatalogue },
  site: Site,
): OperationContext {
  return new Operation(deps, anonymousActorOn(site, deps.permissions, null));
}

class Operation implements OperationContext {
  readonly site: Site;
  readonly db: SiteScopedDb;
  readonly log: Logger;
  readonly hooks: OperationHooks;
  readonly jobs: OperationJobs;

  constructor(
    private readonly deps: OperationDeps,
    readonly actor: Actor,
  ) {
    this.site = actor.site;
    this.db = deps.data.site(actor.site.id);
    this.log = deps.log;
    this.hooks = {
      doAction: async (name, ...args) => {
        const run = () => deps.hooks.doAction(name, this, ...args);
        if (deps.hooks.phaseOf(name) === 'after_commit' && inOpenTransaction()) this.afterCommit(run);
        else await run();
      },
      applyFilters: (name, value, ...rest) => deps.hooks.applyFilters(name, value, this, ...rest),
    };
    this.jobs = {
      enqueue: (name, payload, options = {}) =>
        deps.jobs.queue.enqueue(name, payload, { siteId: this.site.id, ...options }),
    };
  }

  transaction<R>(work: (ctx: OperationContext) => Promise<R>): Promise<R> {
    return this.deps.data.transaction(() => work(this));
  }

  afterCommit(effect: () => unknown): void {
    void afterCommit(() => this.settle(effect));
  }

  private async settle(effect: () => unknown): Promise<void> {
    try {
      await effect();
    } catch (error) {
      this.log.error({ err: error, site: this.site.id }, 'an after-commit effect failed');
    }
  }
}
