import { type SqlBool, sql } from 'kysely';
import type { Data } from '../db/data.js';
import { writeJson } from '../db/engine.js';
import { NotFound, ValidationFailed } from '../errors.js';
import type { Page } from '../http/envelope.js';
import { type Backoff, defaultBackoff, retryDelaySeconds } from './backoff.js';
import { type Job, type JobPayload, type JobStatus, jobFromRow } from './job.js';

export interface EnqueueOptions {
  /** Seconds from now before the job may run. */
  delaySeconds?: number;
  /** The earliest time the job may run; wins over delaySeconds. */
  runAt?: Date | string;
  /** Runs before the job is marked failed. Default: the handler's, else 5. */
  maxAttempts?: number;
  /** The site the job concerns, handed to the handler. */
  siteId?: number | null;
}

export interface JobQueueOptions {
  /** How long a claim holds a job before another worker may take it over. Default 300. */
  leaseSeconds?: number;
  backoff?: Backoff;
  /** maxAttempts of a job name when enqueue gives none (the handler's definition). */
  maxAttemptsOf?: (name: string) => number | undefined;
  /** The time source; tests move it forward instead of waiting. */
  clock?: () => Date;
}

/** What `fail` did: scheduled another attempt, gave up, or found the job no longer this worker's. */
export type FailOutcome = 'retrying' | 'failed' | 'lease_lost';

const DEFAULT_MAX_ATTEMPTS = 5;
const ERROR_TEXT_LIMIT = 2000;
const LEASE_EXPIRED = 'The worker running this job stopped before finishing (its lease expired).';

/**
 * The durable job queue: jobs are rows of `jobs`, so enqueueing commits or rolls back with the change
 * that caused it. Life cycle: pending -> running (claimed under a lease) -> completed, or back to
 * pending with a backoff delay, or failed once the attempts are used up. Failed jobs stay until an
 * administrator retries them. Delivery is at least once: a job whose worker dies runs again.
 */
export class JobQueue {
  constructor(
    private readonly data: Data,
    private readonly options: JobQueueOptions = {},
  ) {}

  /** The same queue on another handle, typically the caller's transaction. */
  withData(data: Data): JobQueue {
    return new JobQueue(data, this.options);
  }

  async enqueue<N extends string>(
    name: N,
    payload: JobPayload<N>,
    options: EnqueueOptions = {},
  ): Promise<number> {
    const maxAttempts = options.maxAttempts ?? this.options.maxAttemptsOf?.(name) ?? DEFAULT_MAX_ATTEMPTS;
    if (name.length === 0 || name.length > 200) {
      throw ValidationFailed.field('name', 'Must be 1 to 200 characters.');
    }
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw ValidationFailed.field('max_attempts', 'Must be an integer of at least 1.');
    }
    const at = this.now();
    const row = await this.data.global
      .insertInto('jobs')
      .values({
        name,
        payload: writeJson(payload ?? null),
        site_id: options.siteId ?? null,
        status: 'pending',
        attempts: 0,
        max_attempts: maxAttempts,
        run_at: runAtOf(options, at),
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Takes up to `limit` due jobs for `workerId`, oldest due first, and leases them. Concurrent
   * claimers never get the same job: on PostgreSQL rows another claimer holds are skipped rather than
   * waited on; SQLite runs one writing statement at a time, which makes the statement atomic there.
   */
  async claim(workerId: string, limit: number, leaseSeconds = this.leaseSeconds): Promise<Job[]> {
    if (limit < 1) return [];
    const at = this.now();
    const db = this.data.global;
    const due = db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('run_at', '<=', at.toISOString())
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit);
    const rows = await db
      .updateTable('jobs')
      .set((eb) => ({
        status: 'running',
        locked_by: workerId,
        locked_until: secondsAfter(at, leaseSeconds),
        attempts: eb('attempts', '+', 1),
        updated_at: at.toISOString(),
      }))
      .where('status', '=', 'pending')
      .where((eb) =>
        this.data.engine.supportsSkipLocked
          ? // ARRAY() runs the locking subquery once; under IN PostgreSQL may rescan it and exceed the limit.
            sql<SqlBool>`${eb.ref('id')} = any(array(${due.forUpdate().skipLocked()}))`
          : eb('id', 'in', due),
      )
      .returningAll()
      .execute();
    // RETURNING promises no order; run the oldest due first.
    return rows.map(jobFromRow).sort((a, b) => a.run_at.localeCompare(b.run_at) || a.id - b.id);
  }

  /** Pushes the lease forward while the handler runs; false when the job is no longer this worker's. */
  async extendLease(id: number, workerId: string, leaseSeconds = this.leaseSeconds): Promise<boolean> {
    const at = this.now();
    const result = await this.heldBy(id, workerId)
      .set({ locked_until: secondsAfter(at, leaseSeconds), updated_at: at.toISOString() })
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Marks the job done; false (and nothing changes) when its lease passed to another worker. */
  async complete(id: number, workerId: string): Promise<boolean> {
    const at = this.now().toISOString();
    const result = await this.heldBy(id, workerId)
      .set({ status: 'completed', locked_by: null, locked_until: null, completed_at: at, updated_at: at })
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Records a failed run: another attempt after the backoff delay, or `failed` when none is left. */
  async fail(id: number, workerId: string, error: unknown): Promise<FailOutcome> {
    const job = await this.data.global
      .selectFrom('jobs')
      .select(['attempts', 'max_attempts'])
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('locked_by', '=', workerId)
      .executeTakeFirst();
    if (!job) return 'lease_lost';
    const at = this.now();
    const released = {
      last_error: errorText(error),
      locked_by: null,
      locked_until: null,
      updated_at: at.toISOString(),
    };
    const giveUp = job.attempts >= job.max_attempts;
    const delay = retryDelaySeconds(job.attempts, this.options.backoff ?? defaultBackoff);
    const result = await this.heldBy(id, workerId)
      .set(
        giveUp
          ? { ...released, status: 'failed' }
          : { ...released, status: 'pending', run_at: secondsAfter(at, delay) },
      )
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return 'lease_lost';
    return giveUp ? 'failed' : 'retrying';
  }

  /**
   * Returns jobs whose worker stopped renewing its lease (it crashed or hung) to the queue, or fails
   * them when that run was their last attempt. Returns how many jobs it released.
   */
  async recoverExpired(): Promise<number> {
    const at = this.now().toISOString();
    const expired = () =>
      this.data.global.updateTable('jobs').where('status', '=', 'running').where('locked_until', '<', at);
    const released = { last_error: LEASE_EXPIRED, locked_by: null, locked_until: null, updated_at: at };
    const failed = await expired()
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .set({ ...released, status: 'failed' })
      .executeTakeFirst();
    const requeued = await expired()
      .set({ ...released, status: 'pending', run_at: at })
      .executeTakeFirst();
    return Number(failed.numUpdatedRows + requeued.numUpdatedRows);
  }

  async get(id: number): Promise<Job | null> {
    const row = await this.data.global.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? jobFromRow(row) : null;
  }

  /** A page of jobs, newest first, optionally of one status. */
  /** Deletes completed jobs finished before `before`; failed ones stay until retried or looked at. */
  async purgeCompleted(before: Date): Promise<number> {
    const result = await this.data.global
      .deleteFrom('jobs')
      .where('status', '=', 'completed')
      .where('completed_at', '<', before.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async list(query: { status?: JobStatus; page?: number; limit?: number } = {}): Promise<Page<Job>> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    let base = this.data.global.selectFrom('jobs');
    if (query.status) base = base.where('status', '=', query.status);
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

  listFailed(query: { page?: number; limit?: number } = {}): Promise<Page<Job>> {
    return this.list({ ...query, status: 'failed' });
  }

  /** Puts a failed job back in the queue with its attempts reset, to run now. */
  async retry(id: number): Promise<Job> {
    const at = this.now().toISOString();
    const row = await this.data.global
      .updateTable('jobs')
      .set({ status: 'pending', attempts: 0, run_at: at, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new NotFound(`Failed job ${id}`, 'job_not_found');
    return jobFromRow(row);
  }

  private heldBy(id: number, workerId: string) {
    return this.data.global
      .updateTable('jobs')
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('locked_by', '=', workerId);
  }

  private get leaseSeconds(): number {
    return this.options.leaseSeconds ?? 300;
  }

  private now(): Date {
    return this.options.clock?.() ?? new Date();
  }
}

function runAtOf(options: EnqueueOptions, at: Date): string {
  if (options.runAt !== undefined) {
    const runAt = new Date(options.runAt);
    if (Number.isNaN(runAt.getTime()))
      throw ValidationFailed.field('run_at', 'Must be a valid date and time.');
    return runAt.toISOString();
  }
  const delay = options.delaySeconds ?? 0;
  if (!(delay >= 0)) throw ValidationFailed.field('delay_seconds', 'Must be zero or more.');
  return secondsAfter(at, delay);
}

function secondsAfter(at: Date, seconds: number): string {
  return new Date(at.getTime() + seconds * 1000).toISOString();
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.length > ERROR_TEXT_LIMIT ? `${text.slice(0, ERROR_TEXT_LIMIT)}...` : text;
}
