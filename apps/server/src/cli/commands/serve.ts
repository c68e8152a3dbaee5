import { loadConfig, readEnvironment } from '../../core/config.js';
import { startServer } from '../../main.js';
import type { CommandRegistration } from '../context.js';

export const serveCommand: CommandRegistration = (program) => {
  program
    .command('serve')
    .description('start the HTTP server (and the job worker, unless JOBS_IN_PROCESS=false)')
    .action(async () => {
      const config = loadConfig(readEnvironment(process.env, process.cwd()));
      const server = await startServer(config);
      await new Promise<void>((resolve) => {
        const shutdown = (signal: string) => {
          server.runtime.log.info(`${signal} received, shutting down`);
          server.stop().then(resolve, (error) => {
            server.runtime.log.error({ err: error }, 'shutdown failed');
            resolve();
          });
        };
        process.once('SIGTERM', () => shutdown('SIGTERM'));
        process.once('SIGINT', () => shutdown('SIGINT'));
      });
    });
};
