import type { App } from '../../core/http/app-type.js';
import { Envelope, ErrorBody, ListEnvelope, listBody, one } from '../../core/http/envelope.js';
import type { Runtime } from '../../core/runtime.js';
import { actorOf } from '../identity/request-actor.js';
import { JobListQuery, JobParams, JobView, RescheduleBody } from './schemas.js';
import { JobsService } from './service.js';

const access = { permission: 'jobs.manage' } as const;
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** /api/jobs: see what is queued or failed, send failed jobs back, cancel or move pending ones. */
export async function jobRoutes(app: App, runtime: Runtime): Promise<void> {
  const jobs = new JobsService(runtime);

  app.get(
    '/api/jobs',
    {
      config: access,
      schema: {
        tags: ['jobs'],
        summary: 'List background jobs, newest first; `status=failed` lists those out of attempts',
        querystring: JobListQuery,
        response: { 200: ListEnvelope(JobView), ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return listBody(await jobs.list(actorOf(request), filter, page, limit), page, limit);
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
        response: { 200: Envelope(JobView), ...errors },
      },
    },
    async (request) => one(await jobs.retry(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/jobs/:id/cancel',
    {
      config: access,
      schema: {
        tags: ['jobs'],
        summary: 'Cancel a pending job; 409 once it is running or has ended',
        params: JobParams,
        response: { 200: Envelope(JobView), ...errors },
      },
    },
    async (request) => one(await jobs.cancel(actorOf(request), request.params.id)),
  );

  app.post(
    '/api/jobs/:id/reschedule',
    {
      config: access,
      schema: {
        tags: ['jobs'],
        summary: 'Move the next run of a pending job; 409 once it is running or has ended',
        params: JobParams,
        body: RescheduleBody,
        response: { 200: Envelope(JobView), ...errors },
      },
    },
    async (request) => one(await jobs.reschedule(actorOf(request), request.params.id, request.body.run_at)),
  );
}
