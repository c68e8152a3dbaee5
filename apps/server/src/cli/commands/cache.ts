import { DEFAULT_EPOCH_POLL_MS } from '../../core/cache/cache-epoch.js';
import { clearCaches } from '../../core/cache/clear-caches.js';
import { type CommandRegistration, READ_ONLY, withRuntime } from '../context.js';

export const cacheCommand: CommandRegistration = (program, io) => {
  program
    .command('cache:clear')
    .description("clear every running server's in-process caches and the page cache on disk")
    .action(async () => {
      await withRuntime(async (runtime) => {
        const report = await clearCaches(runtime);
        const seconds = Math.ceil(DEFAULT_EPOCH_POLL_MS / 1000);
        io.out(
          `In-process caches: cache epoch is now ${report.epoch}; running servers clear theirs within ${seconds} seconds.\n`,
        );
        io.out(
          report.pageCacheRemoved
            ? `Page cache: removed ${report.pageCacheDir}.\n`
            : `Page cache: nothing at ${report.pageCacheDir}.\n`,
        );
        // It moved the epoch on itself: once is enough.
      }, READ_ONLY);
    });
};
