import { recordActivity } from '../../core/activity/record.js';
import type { Data } from '../../core/db/data.js';
import type { Page } from '../../core/http/envelope.js';
import type { Job } from '../../core/jobs/job.js';
import type { Runtime } from '../../core/runtime.js';
import { type Actor, requirePermission } from '../identity/actor.js';
import { JobsRepo } from './repo.js';
import type { JobFilter } from './schemas.js';

/** The queue spans every site, so only holders of jobs.manage (Super Admins) see or steer it. */
const MANAGE = 'jobs.manage';

/** Completed and cancelled jobs are kept this long for inspection, then deleted by a daily job. */
export const ENDED_JOB_DAYS = 7;

/**
 * Administration of background jobs: list them, send failed ones back, cancel or reschedule pending
 * ones. Each change commits with its activity entry, on the site the administrator acts from.
 */
export class JobsService {
  constructor(private readonly runtime: Runtime) {}

  async list(actor: Actor, filter: JobFilter, page: number, limit: number): Promise<Page<Job>> {
    requirePermission(actor, MANAGE);
    return new JobsRepo(this.runtime.data.global).list(filter, page, limit);
  }

  /** A failed job back to the queue with its attempts reset. 404 unless it is failed. */
  async retry(actor: Actor, id: number): Promise<Job> {
    requirePermission(actor, MANAGE);
    return this.change(actor, 'job.retried', async (tx) => {
      const job = await this.queue(tx).retry(id);
      return { job, details: { name: job.name } };
    });
  }

  /** Calls off a job that has not started. 404 when there is none, 409 when it is no longer pending. */
  async cancel(actor: Actor, id: number): Promise<Job> {
    requirePermission(actor, MANAGE);
    return this.change(actor, 'job.cancelled', async (tx) => {
      const job = await this.queue(tx).cancel(id);
      return { job, details: { name: job.name, queue: job.queue } };
    });
  }

  /** Moves a pending job's next run. 404 / 409 as for cancel; 422 for a time that is no time. */
  async reschedule(actor: Actor, id: number, runAt: string): Promise<Job> {
    requirePermission(actor, MANAGE);
    return this.change(actor, 'job.rescheduled', async (tx) => {
      const before = await this.queue(tx).get(id);
      const job = await this.queue(tx).reschedule(id, runAt);
      return { job, details: { name: job.name, run_at: [before?.run_at ?? null, job.run_at] } };
    });
  }

  /** The daily clean-up: deletes jobs that ended over ENDED_JOB_DAYS ago. */
  purgeEnded(at = new Date()): Promise<number> {
    const before = new Date(at.getTime() - ENDED_JOB_DAYS * 86_400_000).toISOString();
    return new JobsRepo(this.runtime.data.global).purgeEnded(before);
  }

  private queue(tx: Data) {
    return this.runtime.jobs.queue.withData(tx);
  }

  private change(
    actor: Actor,
    action: string,
    work: (tx: Data) => Promise<{ job: Job; details: Record<string, unknown> }>,
  ): Promise<Job> {
    return this.runtime.data.transaction(async (tx) => {
      const { job, details } = await work(tx);
      await recordActivity(tx, actor.site.id, {
        userId: actor.userId,
        action,
        subjectType: 'job',
        subjectId: job.id,
        ip: actor.ip,
        details,
      });
      return job;
    });
  }
}
