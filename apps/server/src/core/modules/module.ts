import type { App } from '../http/app-type.js';
import type { Runtime } from '../runtime.js';

/**
 * A domain module, core or plugin, in two phases:
 * - `setup` declares what every process needs: permissions, hooks, job handlers, schedules and
 *   settings groups. `tessera serve`, `tessera worker` and every CLI command run it, once per
 *   runtime, after the migrations, so a job handler or a hook works the same whatever the entry point.
 * - `routes` adds the HTTP surface; only the server calls it, after every module's setup.
 */
export interface TesseraModule {
  /** Names the module in logs and hook owners ("core:identity"). */
  readonly name: string;
  /** The module's own migrations folder; its file names share one numbering with every other module. */
  readonly migrations?: string;
  setup?(runtime: Runtime): Promise<void> | void;
  routes?(app: App, runtime: Runtime): Promise<void> | void;
}

const setUp = new WeakMap<Runtime, Promise<void>>();

/** Runs every module's setup once per runtime, in order; later calls wait for the first. */
export function setupModules(runtime: Runtime, modules: readonly TesseraModule[]): Promise<void> {
  let done = setUp.get(runtime);
  if (!done) {
    done = (async () => {
      for (const module of modules) await module.setup?.(runtime);
    })();
    setUp.set(runtime, done);
  }
  return done;
}
