import type { Kysely } from 'kysely';
import type { GlobalTables } from '../../core/db/schema.js';
import type { Page } from '../../core/http/envelope.js';
import { type Job, jobFromRow } from '../../core/jobs/job.js';
import type { JobFilter } from './schemas.js';

/**
 * The administration's queries of the job queue, which spans every site. The life cycle itself
 * (enqueue, claim, retry, cancel, reschedule) belongs to core/jobs/job-queue.ts, which the worker
 * and other modules share.
 */
export class JobsRepo {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  /** A page of jobs, newest first, filtered by status, queue and name. */
  async list(filter: JobFilter, page: number, limit: number): Promise<Page<Job>> {
    let base = this.db.selectFrom('jobs');
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.queue) base = base.where('queue', '=', filter.queue);
    if (filter.name) base = base.where('name', '=', filter.name);
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(jobFromRow), total: Number(count.n) };
  }

  /**
   * Deletes jobs that ended well before `before`: completed ones and cancelled ones. Failed jobs stay
   * until retried or looked at. Returns how many went.
   */
  async purgeEnded(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'completed'), eb('completed_at', '<', before)]),
          eb.and([eb('status', '=', 'cancelled'), eb('updated_at', '<', before)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
