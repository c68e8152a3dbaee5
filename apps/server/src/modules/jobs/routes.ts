import { BadRequest } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { Envelope, ListEnvelope, listBody, one } from '../../core/http/envelope.js';
import type { TesseraModule } from '../../core/modules/module.js';
import type { Runtime } from '../../core/runtime.js';
import { recordActivity } from '../activity/activity-log.js';
import { JobListQuery, JobParams, JobView } from './schemas.js';

const access = { permission: 'jobs.manage' } as const;

/** Completed jobs are kept this long for inspection, then deleted by a daily job. */
export const COMPLETED_JOB_DAYS = 7;

declare module '../../core/jobs/job.js' {
  interface JobPayloads {
    'jobs.purge_completed': Record<string, never>;
  }
}

/** Administration of background jobs: see what is queued or failed, and send failed jobs back. */
export const jobsModule: TesseraModule = {
  name: 'jobs',
  async setup(runtime) {
    const { queue } = runtime.jobs;
    runtime.jobs.registry.define('jobs.purge_completed', async (_payload, { log }) => {
      const deleted = await queue.purgeCompleted(new Date(Date.now() - COMPLETED_JOB_DAYS * 86_400_000));
      log.info({ deleted }, 'completed jobs purged');
    });
    await runtime.jobs.schedules.schedule('jobs.purge_completed', '41 4 * * *', {});
  },
  routes: jobRoutes,
};

async function jobRoutes(app: App, runtime: Runtime): Promise<void> {
  const { queue } = runtime.jobs;

  app.get(
    '/api/jobs',
    {
      config: access,
      schema: {
        tags: ['jobs'],
        summary: 'List background jobs, newest first; `status=failed` lists those out of attempts',
        querystring: JobListQuery,
        response: { 200: ListEnvelope(JobView) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      return listBody(await queue.list({ status, page, limit }), page, limit);
    },
  );

  app.post(
    '/api/jobs/:id/retry',
    {
      config: access,
      schema: {
        tags: ['jobs'],
        summary: 'Send a failed job back to the queue with its attempts reset',
        params: JobParams,
        response: { 200: Envelope(JobView) },
      },
    },
    async (request) => {
      const site = request.site;
      if (!site) throw new BadRequest('This request has no site.', 'no_site');
      // The retry and its activity entry commit together.
      const job = await runtime.data.transaction(async (tx) => {
        const retried = await queue.withData(tx).retry(request.params.id);
        await recordActivity(tx, site.id, {
          userId: request.principal?.userId ?? null,
          action: 'job.retried',
          subjectType: 'job',
          subjectId: retried.id,
          ip: request.ip,
          details: { name: retried.name },
        });
        return retried;
      });
      return one(job);
    },
  );
}
