import type { TesseraModule } from '../../core/modules/module.js';
import { activityRoutes } from './routes.js';
import { ActivityService } from './service.js';

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'activity.prune': Record<string, never>;
  }
}

/** The activity log: every state change, with user, date, IP address and details (spec 1). */
export const activityModule: TesseraModule = {
  name: 'activity',
  async setup(runtime) {
    const activity = new ActivityService(runtime);
    runtime.jobs.registry.define('activity.prune', async (_payload, { log }) => {
      const deleted = await activity.prune();
      log.info({ deleted, retention_days: runtime.config.activityRetentionDays }, 'activity log pruned');
    });
    // Daily, at a quiet hour; ACTIVITY_RETENTION_DAYS decides what is old.
    await runtime.jobs.schedules.schedule('activity.prune', '17 3 * * *', {});
  },
  routes: activityRoutes,
};
