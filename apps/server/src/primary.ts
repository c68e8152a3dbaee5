import cluster, { type Worker } from 'node:cluster';
import { watchCacheEpoch } from './core/cache/cache-epoch.js';
import { type ClusterMessage, isClusterMessage } from './core/cluster/messages.js';
import type { Config } from './core/config.js';
import { workerForRuntime } from './core/jobs/worker.js';
import { createRuntime } from './core/runtime.js';
import { siteHostLines } from './core/sites/site-hosts.js';
import { prepareRuntime } from './lifecycle.js';
import { prepareFirstRun } from './modules/sites/first-run.js';

/** A worker that dies this soon after its start is crash-looping: its restarts are spaced out. */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
const STOP_GRACE_MS = 30_000;

export interface Primary {
  /** Resolves once every worker has exited and the primary's runtime is closed. */
  stop(): Promise<void>;
}

/**
 * The primary of `tessera serve` with WEB_CONCURRENCY above 1. It does, once, what must not be done
 * by every worker: migrate, install or print the setup link, create the secret key, run the job
 * worker and the schedules (so each job runs once), and hold the rate-limit counters when there is
 * no Redis. It forks the HTTP workers, relays cache changes between them, restarts a worker that
 * dies, and stops them all on SIGTERM.
 */
export async function startPrimary(config: Config, print: (line: string) => void): Promise<Primary> {
  const runtime = createRuntime(config);
  const applied = await prepareRuntime(runtime);
  if (applied.length > 0) runtime.log.info({ migrations: applied }, `applied ${applied.length} migration(s)`);
  await prepareFirstRun(runtime, print);
  // Before the workers start: they must not race to create the key file.
  void runtime.secrets;
  await watchCacheEpoch(runtime);
  const jobs = config.jobs.inProcess ? workerForRuntime(runtime) : null;
  jobs?.start();

  let stopping = false;
  let announced = false;
  const startedAt = new Map<Worker, number>();
  let restartDelay = 0;

  const fork = () => {
    const worker = cluster.fork({ TESSERA_CLUSTER_WORKER: 'true', JOBS_IN_PROCESS: 'false' });
    startedAt.set(worker, Date.now());
    worker.on('message', (message: unknown) => void answer(worker, message));
  };

  const answer = async (from: Worker, message: unknown) => {
    if (!isClusterMessage(message)) return;
    if (message.tessera === 'cache') {
      runtime.caches.receive(message.change);
      for (const other of Object.values(cluster.workers ?? {}))
        if (other && other !== from && other.isConnected()) other.send(message);
      return;
    }
    if (message.tessera !== 'rate_limit') return;
    let reply: ClusterMessage;
    try {
      const hit =
        message.op === 'hit'
          ? await runtime.rateLimits.hit(message.key, message.windowMs, message.units)
          : await runtime.rateLimits.peek(message.key);
      reply = { tessera: 'rate_limit_answer', id: message.id, hit };
    } catch (error) {
      reply = { tessera: 'rate_limit_answer', id: message.id, hit: null, error: String(error) };
    }
    if (from.isConnected()) from.send(reply);
  };

  cluster.on('listening', (_worker, address) => {
    if (announced) return;
    announced = true;
    const host = address.address && address.address !== '::' ? address.address : config.host;
    print(
      `Tessera is listening on http://${host}:${address.port} with ${config.webConcurrency} worker processes`,
    );
    void runtime.siteStore.list().then((sites) => {
      for (const line of siteHostLines(sites, config)) print(line);
    });
  });

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) return;
    restartDelay =
      lived < QUICK_DEATH_MS ? Math.min(MAX_RESTART_DELAY_MS, Math.max(500, restartDelay * 2)) : 0;
    runtime.log.error(
      { worker_pid: worker.process.pid, code, signal, restart_in_ms: restartDelay },
      'a worker process died; starting another',
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, restartDelay).unref();
  });

  for (let i = 0; i < config.webConcurrency; i += 1) fork();

  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        stopping = true;
        const workers = Object.values(cluster.workers ?? {}).filter(
          (worker): worker is Worker => worker !== undefined,
        );
        await Promise.all(
          workers.map(
            (worker) =>
              new Promise<void>((resolve) => {
                if (worker.isDead()) return resolve();
                const force = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
                worker.once('exit', () => {
                  clearTimeout(force);
                  resolve();
                });
                // Each worker stops as `tessera serve` does: in-flight requests finish first.
                worker.process.kill('SIGTERM');
              }),
          ),
        );
        await jobs?.stop();
        await runtime.close();
      })();
      return stopped;
    },
  };
}
