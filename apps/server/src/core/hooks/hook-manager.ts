import type { ActionHooks as PluginActionHooks, FilterHooks as PluginFilterHooks } from '@tessera/plugin';
import type { Logger } from 'pino';
import type { Actor } from '../access/actor.js';
import { AppError, Conflict } from '../errors.js';
import type { Site } from '../sites/site.js';

/**
 * Action hooks by name, with the arguments their callbacks receive after the context. Modules and
 * plugins declare theirs by declaration merging:
 *
 * ```ts
 * declare module '../../core/hooks/hook-manager.js' {
 *   interface ActionHooks { 'page.before_save': [page: Page] }
 *   interface FilterHooks { 'page.title': [value: string, page: Page] }
 * }
 * ```
 *
 * Both extend the hooks `@tessera/plugin` lists, so that a plugin's declarations for the others
 * (`payments.paid`) are hooks here too, and the operation the core hands plugins still fits
 * `PluginOperation` in a program holding those declarations (the plugins' tests beside the server).
 * What the package says of the core's hooks is checked against the core's own declarations here.
 */
export interface ActionHooks extends PluginActionHooks {}

/** Filter hooks by name: the first element is the value being filtered, the rest comes after the context. */
export interface FilterHooks extends PluginFilterHooks {}

/**
 * What every callback receives first: the site the operation works on and who performs it. `site`
 * is null only for installation-wide events (a job of no site failing), which site-scoped
 * registrations never see; `actor` is null where nobody is signed in yet (a sign-in attempt).
 * Inside a transaction-phase hook, every query the callback makes runs in the operation's
 * transaction (core/db/transaction-routing.ts), so what it writes commits or rolls back with it.
 */
export interface HookContext {
  readonly site: Site | null;
  readonly actor: Actor | null;
}

/**
 * When a hook runs, declared once by the module that fires it.
 * - `transaction`: before the change is final, inside the operation's transaction; database work
 *   only. A throwing callback refuses the operation: a typed error (Conflict, ValidationFailed,
 *   Forbidden...) reaches the client as it is, anything else as 409 `refused`, never a 500.
 * - `after_commit` (the default): once the change is committed; I/O allowed. A throwing callback is
 *   logged and skipped. What must not be lost (mail, webhook deliveries) is enqueued as a job in
 *   the transaction instead.
 */
export type HookPhase = 'transaction' | 'after_commit';

type ActionName = keyof ActionHooks & string;
type FilterName = keyof FilterHooks & string;
type ArgsOf<T> = T extends readonly unknown[] ? T : never;
type FilterValue<N extends FilterName> = ArgsOf<FilterHooks[N]>[0];
type FilterRest<N extends FilterName> = ArgsOf<FilterHooks[N]> extends [unknown, ...infer Rest] ? Rest : [];

export type ActionCallback<N extends ActionName> = (
  context: HookContext,
  ...args: ArgsOf<ActionHooks[N]>
) => void | Promise<void>;
export type FilterCallback<N extends FilterName> = (
  value: FilterValue<N>,
  context: HookContext,
  ...rest: FilterRest<N>
) => FilterValue<N> | Promise<FilterValue<N>>;

export interface HookOptions {
  /** Who registered the callback ("core:identity", "plugin:seo"); named in the log when it throws. */
  owner: string;
  /** Lower runs first; equal priorities run in registration order. Default 10, as in WordPress. */
  priority?: number;
  /** Only on the sites where this says yes (a plugin's activation); never for installation-wide events. */
  activeOn?: (siteId: number) => boolean;
}

interface Registration {
  callback: (...args: unknown[]) => unknown;
  owner: string;
  priority: number;
  order: number;
  activeOn: ((siteId: number) => boolean) | null;
}

/**
 * Actions run callbacks at a named point; filters pass a value through callbacks that return the
 * new value. What a throwing callback does depends on the hook's phase (see HookPhase).
 */
export class HookManager {
  private readonly actions = new Map<string, Registration[]>();
  private readonly filters = new Map<string, Registration[]>();
  private readonly phases = new Map<string, HookPhase>();
  private registrations = 0;

  constructor(private readonly log: Pick<Logger, 'error'>) {}

  /** Declares when the hook runs; undeclared hooks are `after_commit`. */
  declare(name: ActionName | FilterName, phase: HookPhase): void {
    this.phases.set(name, phase);
  }

  phaseOf(name: ActionName | FilterName): HookPhase {
    return this.phases.get(name) ?? 'after_commit';
  }

  addAction<N extends ActionName>(name: N, callback: ActionCallback<N>, options: HookOptions): () => void {
    return this.register(this.actions, name, callback as Registration['callback'], options);
  }

  addFilter<N extends FilterName>(name: N, callback: FilterCallback<N>, options: HookOptions): () => void {
    return this.register(this.filters, name, callback as Registration['callback'], options);
  }

  hasCallbacks(name: ActionName | FilterName): boolean {
    return (this.actions.get(name)?.length ?? 0) + (this.filters.get(name)?.length ?? 0) > 0;
  }

  async doAction<N extends ActionName>(
    name: N,
    context: HookContext,
    ...args: ArgsOf<ActionHooks[N]>
  ): Promise<void> {
    const list = this.actions.get(name);
    if (!list) return;
    for (const registration of list) {
      if (!appliesTo(registration, context)) continue;
      try {
        await registration.callback(context, ...(args as unknown[]));
      } catch (error) {
        this.handleFailure(name, registration, error);
      }
    }
  }

  async applyFilters<N extends FilterName>(
    name: N,
    value: FilterValue<N>,
    context: HookContext,
    ...rest: FilterRest<N>
  ): Promise<FilterValue<N>> {
    const list = this.filters.get(name);
    if (!list) return value;
    let current = value;
    for (const registration of list) {
      if (!appliesTo(registration, context)) continue;
      try {
        const next = await registration.callback(current, context, ...(rest as unknown[]));
        if (sameKind(next, current)) current = next as FilterValue<N>;
        else
          this.log.error(
            { hook: name, owner: registration.owner, got: kindOf(next), expected: kindOf(current) },
            `hook ${name}: ${registration.owner} returned ${kindOf(next)} where ${kindOf(current)} was given; skipped`,
          );
      } catch (error) {
        // A filter refuses a save only on purpose, with one of our errors; a bug in it is skipped.
        if (error instanceof AppError && this.phases.get(name) === 'transaction') throw error;
        this.log.error(
          { err: error, hook: name, owner: registration.owner },
          `hook ${name} filter of ${registration.owner} failed; skipped`,
        );
      }
    }
    return current;
  }

  private register(
    table: Map<string, Registration[]>,
    name: string,
    callback: Registration['callback'],
    options: HookOptions,
  ): () => void {
    const registration: Registration = {
      callback,
      owner: options.owner,
      priority: options.priority ?? 10,
      order: this.registrations++,
      activeOn: options.activeOn ?? null,
    };
    // A new array each time: a run in progress keeps iterating the list it started with.
    const list = [...(table.get(name) ?? []), registration].sort(
      (a, b) => a.priority - b.priority || a.order - b.order,
    );
    table.set(name, list);
    return () => {
      table.set(
        name,
        (table.get(name) ?? []).filter((r) => r !== registration),
      );
    };
  }

  private handleFailure(name: string, registration: Registration, error: unknown): void {
    if (this.phases.get(name) === 'transaction') {
      if (error instanceof AppError) throw error;
      // The callback's own message may carry internals (SQL, paths): the client learns only who refused.
      this.log.error(
        { err: error, hook: name, owner: registration.owner },
        `hook ${name}: ${registration.owner} refused`,
      );
      throw new Conflict(`The operation was refused by ${registration.owner}.`, 'refused');
    }
    this.log.error(
      { err: error, hook: name, owner: registration.owner },
      `hook ${name} callback of ${registration.owner} failed`,
    );
  }
}

/**
 * What a filter's value is, as far as callers rely on it: a filter that turns a title into an
 * object (written against another signature, say) would break the save that reads it.
 */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A filter may return null where it got an object (taking a value over, as `form.submission` allows). */
function sameKind(next: unknown, given: unknown): boolean {
  const [was, is] = [kindOf(given), kindOf(next)];
  return was === is || (is === 'null' && was === 'object') || (was === 'null' && is === 'object');
}

function appliesTo(registration: Registration, context: HookContext): boolean {
  if (!registration.activeOn) return true;
  return context.site !== null && registration.activeOn(context.site.id);
}
