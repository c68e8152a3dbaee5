import type { Logger } from 'pino';

/**
 * Action hooks by name, with the arguments their callbacks receive. Modules and plugins declare
 * theirs by declaration merging:
 *
 * ```ts
 * declare module '../../core/hooks/hook-manager.js' {
 *   interface ActionHooks { 'page.before_save': [page: Page] }
 *   interface FilterHooks { 'page.title': [value: string, page: Page] }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface ActionHooks {}

/** Filter hooks by name: the first element is the value being filtered, the rest is context. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface FilterHooks {}

type ActionName = keyof ActionHooks & string;
type FilterName = keyof FilterHooks & string;
type ArgsOf<T> = T extends readonly unknown[] ? T : never;
type FilterValue<N extends FilterName> = ArgsOf<FilterHooks[N]>[0];
type FilterContext<N extends FilterName> =
  ArgsOf<FilterHooks[N]> extends [unknown, ...infer Rest] ? Rest : [];

export type ActionCallback<N extends ActionName> = (...args: ArgsOf<ActionHooks[N]>) => void | Promise<void>;
export type FilterCallback<N extends FilterName> = (
  value: FilterValue<N>,
  ...context: FilterContext<N>
) => FilterValue<N> | Promise<FilterValue<N>>;

export interface HookOptions {
  /** Who registered the callback ("core:identity", "plugin:seo"); named in the log when it throws. */
  owner: string;
  /** Lower runs first; equal priorities run in registration order. Default 10, as in WordPress. */
  priority?: number;
}

interface Registration {
  callback: (...args: unknown[]) => unknown;
  owner: string;
  priority: number;
  order: number;
}

/**
 * Actions run callbacks at a named point; filters pass a value through callbacks that return the
 * new value. A callback that throws is logged with its owner and skipped, so one faulty plugin does
 * not fail the request, except on hooks declared as vetoable, where the throw is how a callback
 * says no (a before-save check refusing the change) and propagates to the caller.
 */
export class HookManager {
  private readonly actions = new Map<string, Registration[]>();
  private readonly filters = new Map<string, Registration[]>();
  private readonly vetoable = new Set<string>();
  private registrations = 0;

  constructor(private readonly log: Pick<Logger, 'error'>) {}

  /** Declares that a throwing callback on this hook aborts the operation instead of being skipped. */
  declareVetoable(name: ActionName | FilterName): void {
    this.vetoable.add(name);
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

  async doAction<N extends ActionName>(name: N, ...args: ArgsOf<ActionHooks[N]>): Promise<void> {
    const list = this.actions.get(name);
    if (!list) return;
    for (const registration of [...list]) {
      try {
        await registration.callback(...(args as unknown[]));
      } catch (error) {
        this.handleFailure(name, registration, error);
      }
    }
  }

  async applyFilters<N extends FilterName>(
    name: N,
    value: FilterValue<N>,
    ...context: FilterContext<N>
  ): Promise<FilterValue<N>> {
    const list = this.filters.get(name);
    if (!list) return value;
    let current = value;
    for (const registration of [...list]) {
      try {
        current = (await registration.callback(current, ...(context as unknown[]))) as FilterValue<N>;
      } catch (error) {
        this.handleFailure(name, registration, error);
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
    };
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
    if (this.vetoable.has(name)) throw error;
    this.log.error(
      { err: error, hook: name, owner: registration.owner },
      `hook ${name} callback of ${registration.owner} failed`,
    );
  }
}
