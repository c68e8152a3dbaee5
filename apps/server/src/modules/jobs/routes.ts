import type { FastifyRequest } from 'fastify';
import type { App } from '../../core/http/app-type.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import { inLanguage } from '../../core/i18n/in-language.js';
import { callerLanguage } from '../../core/i18n/language.js';
import type { Job } from '../../core/jobs/job.js';
import type { Runtime } from '../../core/runtime.js';
import { JobListQuery, JobParams, JobView, RescheduleBody } from './schemas.js';
import { JobsService } from './service.js';

const permission = 'jobs.manage';

/** A job as the caller reads it: why its last run failed, in their language when the server knows the words. */
function jobFor(request: FastifyRequest): (job: Job) => Job {
  const language = callerLanguage(request);
  return (job) =>
    job.last_error === null ? job : { ...job, last_error: inLanguage(job.last_error, language) };
}

/** /api/jobs: see what is queued or failed, send failed jobs back, cancel or move pending ones. */
export async function jobRoutes(app: App, runtime: Runtime): Promise<void> {
  const jobs = new JobsService(runtime);
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'jobs');

  routes.list(
    '/api/jobs',
    {
      permission,
      summary: 'List background jobs, newest first; `status=failed` lists those out of attempts',
      querystring: JobListQuery,
      data: JobView,
    },
    async (ctx, { query: { page, limit, ...filter }, request }) => {
      const found = await jobs.list(ctx.actor, filter, page, limit);
      return { ...found, items: found.items.map(jobFor(request)) };
    },
  );

  routes.post(
    '/api/jobs/:id/retry',
    {
      permission,
      summary: 'Send a failed job back to the queue with its attempts reset',
      params: JobParams,
      data: JobView,
    },
    async (ctx, { params, request }) => jobFor(request)(await jobs.retry(ctx.actor, params.id)),
  );

  routes.post(
    '/api/jobs/:id/cancel',
    {
      permission,
      summary: 'Cancel a pending job; 409 once it is running or has ended',
      params: JobParams,
      data: JobView,
    },
    async (ctx, { params, request }) => jobFor(request)(await jobs.cancel(ctx.actor, params.id)),
  );

  routes.post(
    '/api/jobs/:id/reschedule',
    {
      permission,
      summary: 'Move the next run of a pending job; 409 once it is running or has ended',
      params: JobParams,
      body: RescheduleBody,
      data: JobView,
    },
    async (ctx, { params, body, request }) =>
      jobFor(request)(await jobs.reschedule(ctx.actor, params.id, body.run_at)),
  );
}
