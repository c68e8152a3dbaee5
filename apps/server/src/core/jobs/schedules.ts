import { type Selectable, sql } from 'kysely';
import type { Data } from '../db/data.js';
import { readJson, writeJson } from '../db/engine.js';
import { ValidationFailed } from '../errors.js';
import { assertValidCron, nextRunAfter } from './cron.js';
import type { JobPayload } from './job.js';
import type { JobQueue } from './job-queue.js';
import type { JobScheduleTable } from './tables.js';

/**
 * A recurring job: at each time its cron expression names, a job of the same name is enqueued, for
 * the schedule's site when it has one (a plugin active on some sites schedules its job per site).
 */
export interface JobSchedule {
  id: number;
  name: string;
  /** The site each run is for (the handler's `siteId`); null for installation-wide work. */
  site_id: number | null;
  cron: string;
  payload: unknown;
  next_run_at: string;
  last_run_at: string | null;
  enabled: boolean;
}

export interface ScheduleOptions {
  /** The site the schedule belongs to; its jobs run with this site id. Default: none. */
  siteId?: number | null;
}

/**
 * Recurring jobs, stored in `job_schedules` so every worker sees the same plan; one per name and
 * site. Workers call `enqueueDue` on each poll; a due time is enqueued exactly once however many
 * workers poll, because each claims the time by moving `next_run_at` on with a conditional update in
 * the same transaction as the enqueue, and only the one whose update matched enqueues.
 */
export class JobSchedules {
  constructor(
    private readonly data: Data,
    private readonly queue: JobQueue,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Creates or updates a schedule; safe to call on every start. Keeping the same expression keeps the
   * pending due time, so a restart neither skips nor repeats a run; a new expression starts afresh.
   */
  async schedule<N extends string>(
    name: N,
    cron: string,
    payload: JobPayload<N>,
    options: ScheduleOptions = {},
  ): Promise<JobSchedule> {
    if (name.length === 0 || name.length > 200) {
      throw ValidationFailed.field('name', 'Must be 1 to 200 characters.');
    }
    assertValidCron(cron);
    const at = this.clock();
    const expression = cron.trim();
    const siteId = options.siteId ?? null;
    await this.data.global
      .insertInto('job_schedules')
      .values({
        name,
        site_id: siteId,
        cron: expression,
        payload: writeJson(payload ?? null),
        next_run_at: nextRunAfter(expression, at).toISOString(),
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      // The target repeats the unique index job_schedules_name_site_idx (NULL site folded to 0).
      .onConflict((oc) =>
        oc.expression(sql`name, coalesce(site_id, 0)`).doUpdateSet((eb) => ({
          cron: eb.ref('excluded.cron'),
          payload: eb.ref('excluded.payload'),
          next_run_at: eb
            .case()
            .when('job_schedules.cron', '=', eb.ref('excluded.cron'))
            .then(eb.ref('job_schedules.next_run_at'))
            .else(eb.ref('excluded.next_run_at'))
            .end(),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    const row = await this.data.global
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', name)
      .where('site_id', siteId === null ? 'is' : '=', siteId)
      .executeTakeFirstOrThrow();
    return scheduleFromRow(row);
  }

  /** Removes a schedule (of the site, when given); jobs it already enqueued still run. */
  async unschedule(name: string, options: ScheduleOptions = {}): Promise<boolean> {
    const siteId = options.siteId ?? null;
    const result = await this.data.global
      .deleteFrom('job_schedules')
      .where('name', '=', name)
      .where('site_id', siteId === null ? 'is' : '=', siteId)
      .executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  /** Every schedule, or those of one site (`siteId: null` for the installation-wide ones). */
  async list(options: ScheduleOptions = {}): Promise<JobSchedule[]> {
    let query = this.data.global.selectFrom('job_schedules').selectAll();
    if (options.siteId !== undefined) {
      query = query.where('site_id', options.siteId === null ? 'is' : '=', options.siteId);
    }
    // The installation-wide schedule first on both engines (they sort NULL differently).
    const rows = await query.orderBy('name').orderBy(sql`coalesce(site_id, 0)`).execute();
    return rows.map(scheduleFromRow);
  }

  /**
   * Enqueues one job for each schedule that is due, and moves its next run to the first cron time
   * after now: runs missed while no worker was up collapse into one, and so does a run whose previous
   * job still waits to start (a dedupe key per schedule). Returns how many due times it took.
   */
  async enqueueDue(): Promise<number> {
    const at = this.clock();
    const due = await this.data.global
      .selectFrom('job_schedules')
      .selectAll()
      .where('enabled', '=', 1)
      .where('next_run_at', '<=', at.toISOString())
      .orderBy('next_run_at')
      .execute();
    let enqueued = 0;
    for (const schedule of due) {
      const next = nextRunAfter(schedule.cron, at).toISOString();
      const claimed = await this.data.transaction(async (tx) => {
        // Written first, so on SQLite the transaction takes the write lock before reading anything.
        const moved = await tx.global
          .updateTable('job_schedules')
          .set({ next_run_at: next, last_run_at: at.toISOString(), updated_at: at.toISOString() })
          .where('id', '=', schedule.id)
          .where('next_run_at', '=', schedule.next_run_at)
          .where('enabled', '=', 1)
          .executeTakeFirst();
        if (moved.numUpdatedRows !== 1n) return false;
        await this.queue.withData(tx).enqueue(schedule.name, readJson<unknown>(schedule.payload, null), {
          siteId: schedule.site_id,
          dedupeKey: `schedule:${schedule.id}`,
        });
        return true;
      });
      if (claimed) enqueued += 1;
    }
    return enqueued;
  }
}

function scheduleFromRow(row: Selectable<JobScheduleTable>): JobSchedule {
  return {
    id: row.id,
    name: row.name,
    site_id: row.site_id,
    cron: row.cron,
    payload: readJson<unknown>(row.payload, null),
    next_run_at: row.next_run_at,
    last_run_at: row.last_run_at,
    enabled: row.enabled === 1,
  };
}
