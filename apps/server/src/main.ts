import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import { watchCacheEpoch } from './core/cache/cache-epoch.js';
import { joinCluster } from './core/cluster/worker-side.js';
import type { Config } from './core/config.js';
import { workerForRuntime } from './core/jobs/worker.js';
import { createRuntime, type Runtime } from './core/runtime.js';
import { siteHostLines } from './core/sites/site-hosts.js';
import { prepareRuntime } from './lifecycle.js';
import { prepareFirstRun } from './modules/sites/first-run.js';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly runtime: Runtime;
  readonly address: string;
  /** Stops accepting connections, lets in-flight requests and running jobs finish, then closes the database. */
  stop(): Promise<void>;
}

/** An unreachable REDIS_URL does not stop the start (limits count per instance), but must not go unnoticed. */
async function reportRateLimitStore(runtime: Runtime): Promise<void> {
  try {
    await runtime.rateLimits.ready();
  } catch (error) {
    runtime.log.error(
      { err: error },
      'REDIS_URL is unreachable: rate limits and sign-in throttling count per instance (/readyz says redis: unreachable) until it answers',
    );
  }
}

export interface StartOptions {
  /** Receives the banner's lines (which hosts each site answers on); stdout by default. */
  print?: (line: string) => void;
  /** The logger; made from the configuration by default. */
  log?: Logger;
}

/** Process entry of `tessera serve`: migrate, build the app, listen, and run the worker in-process. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  const runtime = createRuntime(config, { log: options.log });
  try {
    // A worker of a clustered server: the primary has migrated, installed, prints the banner and runs the jobs.
    const clustered = config.clusterWorker;
    const applied = await prepareRuntime(runtime, { migrate: !clustered });
    if (applied.length > 0)
      runtime.log.info({ migrations: applied }, `applied ${applied.length} migration(s)`);
    // Before listening: an empty database is installed from TESSERA_ADMIN_* or gets a setup link.
    if (!clustered) await prepareFirstRun(runtime, print);
    else joinCluster(runtime);
    await watchCacheEpoch(runtime);
    await reportRateLimitStore(runtime);
    const app = await buildApp(runtime);
    const address = await app.listen({ host: config.host, port: config.port });
    if (!clustered) {
      print(`Tessera is listening on ${address}`);
      for (const line of siteHostLines(await runtime.siteStore.list(), config)) print(line);
    }
    const worker = config.jobs.inProcess && !clustered ? workerForRuntime(runtime) : null;
    worker?.start();
    let stopping: Promise<void> | null = null;
    return {
      app,
      runtime,
      address,
      stop() {
        stopping ??= (async () => {
          // Readiness fails first, so a balancer stops sending requests before the listener closes.
          app.draining = true;
          if (config.drainSeconds > 0) await sleep(config.drainSeconds * 1000);
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
