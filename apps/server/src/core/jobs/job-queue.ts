import { type SqlBool, sql } from 'kysely';
import { constraintViolation } from '../db/constraint-errors.js';
import type { Data } from '../db/data.js';
import { writeJson } from '../db/engine.js';
import { afterCommit } from '../db/transaction-routing.js';
import { Conflict, NotFound, ValidationFailed } from '../errors.js';
import { defaultBackoff, type RetryBackoff, retryDelaySeconds } from './backoff.js';
import { type Job, type JobPayload, jobFromRow } from './job.js';
import { DEFAULT_QUEUE, type JobOptions } from './job-registry.js';

export interface EnqueueOptions {
  /** Seconds from now before the job may run. */
  delaySeconds?: number;
  /** The earliest time the job may run; wins over delaySeconds. */
  runAt?: Date | string;
  /** Runs before the job is marked failed. Default: the handler's, else 5. */
  maxAttempts?: number;
  /** The site the job concerns, handed to the handler. */
  siteId?: number | null;
  /**
   * Makes the enqueue idempotent: while a job of the same name, site and key has not started its
   * first run, enqueueing again returns that job (unchanged) instead of adding one. Once it has
   * started, the same key enqueues new work, since what the job read may have changed since.
   */
  dedupeKey?: string;
}

/** What the queue needs to know of a job kind: the parts of its definition that shape its rows. */
export type JobKindPolicy = Pick<JobOptions, 'queue' | 'maxAttempts' | 'backoff'>;

export interface JobQueueOptions {
  /** How long a claim holds a job before another worker may take it over. Default 300. */
  leaseSeconds?: number;
  /** Retry timing of kinds whose definition names none. */
  backoff?: RetryBackoff;
  /** A job kind's queue, attempts and backoff (its handler's definition). */
  kindOf?: (name: string) => JobKindPolicy | undefined;
  /** The time source; tests move it forward instead of waiting. */
  clock?: () => Date;
}

/** What `fail` did: scheduled another attempt, gave up, or found the job no longer this worker's. */
export type FailOutcome = 'retrying' | 'failed' | 'lease_lost';

const DEFAULT_MAX_ATTEMPTS = 5;
const ERROR_TEXT_LIMIT = 2000;
const LEASE_EXPIRED = 'The worker running this job stopped before finishing (its lease expired).';
/** An enqueue with a dedupe key whose twin started running in between tries again; this bounds it. */
const DEDUPE_TRIES = 3;

/**
 * The durable job queue: jobs are rows of `jobs`, so enqueueing commits or rolls back with the change
 * that caused it. Life cycle: pending -> running (claimed under a lease) -> completed, or back to
 * pending with a backoff delay, or failed once the attempts are used up. Failed jobs stay until an
 * administrator retries them; a pending job can be cancelled or rescheduled. Delivery is at least
 * once: a job whose worker dies runs again. Each job belongs to a named queue, claimed separately.
 */
export class JobQueue {
  constructor(
    private readonly data: Data,
    private readonly options: JobQueueOptions = {},
    private readonly enqueued: Set<() => void> = new Set(),
  ) {}

  /** The same queue on another handle, typically the caller's transaction. */
  withData(data: Data): JobQueue {
    return new JobQueue(data, this.options, this.enqueued);
  }

  /**
   * Calls `listener` once a job enqueued here is committed, so a worker in this process can start
   * it at once instead of at its next poll (a webhook arrives in milliseconds, not in a second).
   * Returns the function that stops listening.
   */
  onEnqueued(listener: () => void): () => void {
    this.enqueued.add(listener);
    return () => this.enqueued.delete(listener);
  }

  private announce(): void {
    if (this.enqueued.size === 0) return;
    void afterCommit(() => {
      for (const listener of this.enqueued) listener();
    });
  }

  /** Adds a job and returns its id, or the id of the waiting twin a `dedupeKey` names. */
  async enqueue<N extends string>(
    name: N,
    payload: JobPayload<N>,
    options: EnqueueOptions = {},
  ): Promise<number> {
    const kind = this.options.kindOf?.(name);
    const maxAttempts = options.maxAttempts ?? kind?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (name.length === 0 || name.length > 200) {
      throw ValidationFailed.field('name', 'Must be 1 to 200 characters.');
    }
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw ValidationFailed.field('max_attempts', 'Must be an integer of at least 1.');
    }
    const { dedupeKey } = options;
    if (dedupeKey !== undefined && (dedupeKey.length === 0 || dedupeKey.length > 200)) {
      throw ValidationFailed.field('dedupe_key', 'Must be 1 to 200 characters.');
    }
    const at = this.now();
    const siteId = options.siteId ?? null;
    const insert = this.data.global.insertInto('jobs').values({
      name,
      queue: kind?.queue ?? DEFAULT_QUEUE,
      payload: writeJson(payload ?? null),
      site_id: siteId,
      dedupe_key: dedupeKey ?? null,
      status: 'pending',
      attempts: 0,
      max_attempts: maxAttempts,
      run_at: runAtOf(options, at),
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    });
    this.announce();
    if (dedupeKey === undefined) return (await insert.returning('id').executeTakeFirstOrThrow()).id;

    // The partial unique index jobs_dedupe_idx decides atomically, also between transactions: the
    // insert yields to a waiting twin, which is then read. The twin may start running in between.
    for (let attempt = 0; attempt < DEDUPE_TRIES; attempt++) {
      const inserted = await insert
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return inserted.id;
      const twin = await this.waitingTwin(name, siteId, dedupeKey).select('id').executeTakeFirst();
      if (twin) return twin.id;
    }
    throw new Conflict(`Could not enqueue job "${name}": its dedupe key is contended.`, 'job_dedupe_busy');
  }

  /**
   * Takes up to `limit` due jobs for `workerId`, of one queue when named, oldest due first, and
   * leases them. Concurrent claimers never get the same job: on PostgreSQL rows another claimer
   * holds are skipped rather than waited on; SQLite runs one writing statement at a time, which
   * makes the statement atomic there.
   */
  async claim(
    workerId: string,
    limit: number,
    leaseSeconds = this.leaseSeconds,
    queue?: string,
  ): Promise<Job[]> {
    if (limit < 1) return [];
    const at = this.now();
    const db = this.data.global;
    let due = db
      .selectFrom('jobs')
      .select('id')
      .where('status', '=', 'pending')
      .where('run_at', '<=', at.toISOString());
    if (queue !== undefined) due = due.where('queue', '=', queue);
    due = due.orderBy('run_at').orderBy('id').limit(limit);
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

  /**
   * Which of `queues` have a job due now: one statement of index probes, so an idle poll is cheap
   * however long a backlog is, and takes no write lock.
   */
  async queuesWithDueJobs(queues: readonly string[]): Promise<string[]> {
    if (queues.length === 0) return [];
    const at = this.now().toISOString();
    const db = this.data.global;
    const row = await db
      .selectNoFrom((eb) =>
        queues.map((queue, index) =>
          eb
            .exists(
              db
                .selectFrom('jobs')
                .select('id')
                .where('queue', '=', queue)
                .where('status', '=', 'pending')
                .where('run_at', '<=', at),
            )
            .as(`q${index}`),
        ),
      )
      .executeTakeFirstOrThrow();
    const due = row as Record<string, unknown>;
    // SQLite answers 1 or 0, PostgreSQL true or false.
    return queues.filter((_, index) => Boolean(due[`q${index}`]));
  }

  /** Every queue that has a job due now, known or not (a full look: for occasional use). */
  async dueQueues(): Promise<string[]> {
    const rows = await this.data.global
      .selectFrom('jobs')
      .select('queue')
      .distinct()
      .where('status', '=', 'pending')
      .where('run_at', '<=', this.now().toISOString())
      .execute();
    return rows.map((row) => row.queue);
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
      .select(['name', 'attempts', 'max_attempts'])
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
    const backoff = this.options.kindOf?.(job.name)?.backoff ?? this.options.backoff ?? defaultBackoff;
    const delay = retryDelaySeconds(job.attempts, backoff);
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

  /**
   * Puts a failed job back in the queue with its attempts reset, to run now. Conflict when a twin with
   * its dedupe key is already waiting.
   */
  async retry(id: number): Promise<Job> {
    const at = this.now().toISOString();
    const row = await this.refusingDuplicate(
      this.data.global
        .updateTable('jobs')
        .set({ status: 'pending', attempts: 0, run_at: at, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .returningAll()
        .executeTakeFirst(),
    );
    if (!row) throw new NotFound(`Failed job ${id}`, 'job_not_found');
    return jobFromRow(row);
  }

  /**
   * Cancels a job that has not started running: it stays listed as `cancelled` and never runs.
   * NotFound when there is no such job; Conflict when it is running or finished.
   */
  async cancel(id: number): Promise<Job> {
    const at = this.now().toISOString();
    const row = await this.pending(id)
      .set({ status: 'cancelled', updated_at: at })
      .returningAll()
      .executeTakeFirst();
    return row ? jobFromRow(row) : this.notPending(id);
  }

  /** Cancels the waiting job of a dedupe key, if there is one (scheduled work called off). */
  async cancelByKey(name: string, dedupeKey: string, siteId: number | null = null): Promise<Job | null> {
    const twin = await this.waitingTwin(name, siteId, dedupeKey).select('id').executeTakeFirst();
    if (!twin) return null;
    return this.cancel(twin.id).catch((error: unknown) => {
      // It started running meanwhile: too late to call off, as if it had never been waiting.
      if (error instanceof Conflict) return null;
      throw error;
    });
  }

  /** Moves a pending job's next run to `runAt`. NotFound or Conflict as for `cancel`. */
  async reschedule(id: number, runAt: Date | string): Promise<Job> {
    const at = this.now();
    const row = await this.pending(id)
      .set({ run_at: runAtOf({ runAt }, at), updated_at: at.toISOString() })
      .returningAll()
      .executeTakeFirst();
    return row ? jobFromRow(row) : this.notPending(id);
  }

  /** Waiting jobs of a name, site and dedupe key: at most one, by the partial unique index. */
  private waitingTwin(name: string, siteId: number | null, dedupeKey: string) {
    return this.data.global
      .selectFrom('jobs')
      .where('name', '=', name)
      .where('dedupe_key', '=', dedupeKey)
      .where('site_id', siteId === null ? 'is' : '=', siteId)
      .where('status', '=', 'pending')
      .where('attempts', '=', 0);
  }

  private pending(id: number) {
    return this.data.global.updateTable('jobs').where('id', '=', id).where('status', '=', 'pending');
  }

  private async notPending(id: number): Promise<never> {
    const job = await this.get(id);
    if (!job) throw new NotFound(`Job ${id}`, 'job_not_found');
    throw new Conflict(`Job ${id} is ${job.status}, no longer pending.`, 'job_not_pending');
  }

  private async refusingDuplicate<R>(write: Promise<R>): Promise<R> {
    try {
      return await write;
    } catch (error) {
      if (constraintViolation(error) !== 'unique') throw error;
      throw new Conflict('A job with the same dedupe key is already waiting to run.', 'job_duplicate');
    }
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
