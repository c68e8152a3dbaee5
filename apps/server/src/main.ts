import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { watchCacheEpoch } from './core/cache/cache-epoch.js';
import type { Config } from './core/config.js';
import { workerForRuntime } from './core/jobs/worker.js';
import { createRuntime, type Runtime } from './core/runtime.js';
import { prepareRuntime } from './lifecycle.js';
import { prepareFirstRun } from './modules/sites/first-run.js';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly runtime: Runtime;
  readonly address: string;
  /** Stops accepting connections, lets in-flight requests and running jobs finish, then closes the database. */
  stop(): Promise<void>;
}

/** Process entry of `tessera serve`: migrate, build the app, listen, and run the worker in-process. */
export async function startServer(config: Config): Promise<RunningServer> {
  const runtime = createRuntime(config);
  try {
    const applied = await prepareRuntime(runtime);
    if (applied.length > 0)
      runtime.log.info({ migrations: applied }, `applied ${applied.length} migration(s)`);
    // Before listening: an empty database is installed from TESSERA_ADMIN_* or gets a setup link.
    await prepareFirstRun(runtime);
    await watchCacheEpoch(runtime);
    const app = await buildApp(runtime);
    const address = await app.listen({ host: config.host, port: config.port });
    const worker = config.jobs.inProcess ? workerForRuntime(runtime) : null;
    worker?.start();
    let stopping: Promise<void> | null = null;
    return {
      app,
      runtime,
      address,
      stop() {
        stopping ??= (async () => {
          await app.close();
          // After the app: requests still finishing may enqueue jobs; before the runtime: jobs need the database.
          await worker?.stop();
          await runtime.close();
        })();
        return stopping;
      },
    };
  } catch (error) {
    await runtime.close();
    throw error;
  }
}
