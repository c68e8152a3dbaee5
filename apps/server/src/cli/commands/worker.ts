import { InvalidArgumentError } from 'commander';
import { watchCacheEpoch } from '../../core/cache/cache-epoch.js';
import { loadConfig, readEnvironment } from '../../core/config.js';
import { workerForRuntime } from '../../core/jobs/worker.js';
import { createRuntime } from '../../core/runtime.js';
import { prepareRuntime } from '../../lifecycle.js';
import type { CommandRegistration } from '../context.js';

export const workerCommand: CommandRegistration = (program) => {
  program
    .command('worker')
    .description('run only the job worker, until SIGTERM or SIGINT (then let running jobs finish)')
    .option('--concurrency <count>', 'jobs of the default queue to run at the same time', parseConcurrency, 2)
    .option(
      '--queue <name=count>',
      'jobs of a named queue to run at the same time (repeatable; standard: mail=2, webhooks=4, media=1)',
      collectQueueConcurrency,
      {},
    )
    .action(async (options: { concurrency: number; queue: Record<string, number> }) => {
      const config = loadConfig(readEnvironment(process.env, process.cwd()));
      const runtime = createRuntime(config);
      try {
        // Job handlers and schedules come from each module's setup; no HTTP app is built here.
        await prepareRuntime(runtime);
        // `tessera cache:clear` reaches standalone workers too.
        await watchCacheEpoch(runtime);
        const worker = workerForRuntime(runtime, {
          concurrency: options.concurrency,
          queues: options.queue,
        });
        worker.start();
        // The worker's timers are unref'd (so tests can exit); this one keeps the process up until a signal.
        const keepAlive = setInterval(() => {}, 60_000);
        const signal = await new Promise<string>((resolve) => {
          process.once('SIGTERM', () => resolve('SIGTERM'));
          process.once('SIGINT', () => resolve('SIGINT'));
        });
        runtime.log.info(`${signal} received, waiting for running jobs to finish`);
        await worker.stop();
        clearInterval(keepAlive);
      } finally {
        await runtime.close();
      }
    });
};

export function parseConcurrency(value: string): number {
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(count) || count < 1 || count > 100)
    throw new InvalidArgumentError('Must be an integer from 1 to 100.');
  return count;
}

/** One `--queue name=count`, added to those given before it. */
export function collectQueueConcurrency(
  value: string,
  queues: Record<string, number>,
): Record<string, number> {
  const match = /^([a-z][a-z0-9_.-]{0,99})=(.+)$/.exec(value);
  if (!match?.[1] || !match[2]) throw new InvalidArgumentError('Must be name=count, as in webhooks=8.');
  return { ...queues, [match[1]]: parseConcurrency(match[2]) };
}
