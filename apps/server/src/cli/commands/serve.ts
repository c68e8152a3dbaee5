import cluster from 'node:cluster';
import { loadConfig, readEnvironment } from '../../core/config.js';
import { startServer } from '../../main.js';
import { startPrimary } from '../../primary.js';
import type { CommandRegistration } from '../context.js';

export const serveCommand: CommandRegistration = (program) => {
  program
    .command('serve')
    .description(
      'start the HTTP server (and the job worker, unless JOBS_IN_PROCESS=false); WEB_CONCURRENCY > 1 forks that many worker processes',
    )
    .action(async () => {
      const config = loadConfig(readEnvironment(process.env, process.cwd()));
      const clustered = config.webConcurrency > 1 && cluster.isPrimary && !config.clusterWorker;
      const print = (line: string) => process.stdout.write(`${line}\n`);
      const running = clustered ? await startPrimary(config, print) : await startServer(config);
      const log = clustered ? null : (running as Awaited<ReturnType<typeof startServer>>).runtime.log;
      await new Promise<void>((resolve) => {
        const shutdown = (signal: string) => {
          log?.info(`${signal} received, shutting down`);
          running.stop().then(resolve, (error) => {
            if (log) log.error({ err: error }, 'shutdown failed');
            else process.stderr.write(`shutdown failed: ${String(error)}\n`);
            resolve();
          });
        };
        process.once('SIGTERM', () => shutdown('SIGTERM'));
        process.once('SIGINT', () => shutdown('SIGINT'));
      });
      // A worker's channel to its primary would keep it alive once its work is done.
      if (config.clusterWorker) process.disconnect?.();
    });
};
