import type { App } from '../../core/http/app-type.js';
import type { Runtime } from '../../core/runtime.js';
import { jobRoutes } from './routes.js';
import { JobsService } from './service.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'jobs.purge_completed': Record<string, never>;
  }
}

/** Administration of background jobs, and the daily clean-up of the jobs that ended. */
export async function jobsModule(app: App, runtime: Runtime): Promise<void> {
  await jobRoutes(app, runtime);
  const jobs = new JobsService(runtime);
  runtime.jobs.registry.define('jobs.purge_completed', async (_payload, { log }) => {
    log.info({ deleted: await jobs.purgeEnded() }, 'ended jobs purged');
  });
  await runtime.jobs.schedules.schedule('jobs.purge_completed', '41 4 * * *', {});
}
