import type { TesseraModule } from '../../core/modules/module.js';
import { jobRoutes } from './routes.js';
import { JobsService } from './service.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'jobs.purge_completed': Record<string, never>;
  }
}

/** Administration of background jobs, and the daily clean-up of the jobs that ended. */
export const jobsModule: TesseraModule = {
  name: 'jobs',
  async setup(runtime) {
    const jobs = new JobsService(runtime);
    runtime.jobs.registry.define('jobs.purge_completed', async (_payload, { log }) => {
      log.info({ deleted: await jobs.purgeEnded() }, 'ended jobs purged');
    });
    await runtime.jobs.schedules.schedule('jobs.purge_completed', '41 4 * * *', {});
  },
  routes: jobRoutes,
};
