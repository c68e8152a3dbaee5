import type { Generated } from 'kysely';
import type { Timestamp } from '../db/schema.js';
import type { JobStatus } from './job.js';

/** One unit of background work; see job-queue.ts for its life cycle. */
export interface JobTable {
  id: Generated<number>;
  name: string;
  /** The named queue the job runs in; each has its own worker concurrency. */
  queue: Generated<string>;
  /** JSON document handed to the handler. */
  payload: unknown;
  site_id: number | null;
  /** While a job of the same name, site and key waits for its first run, enqueueing again returns it. */
  dedupe_key: string | null;
  status: JobStatus;
  attempts: Generated<number>;
  max_attempts: number;
  run_at: Timestamp;
  locked_by: string | null;
  locked_until: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: Timestamp | null;
}

/**
 * A recurring job: the worker enqueues a job named after the schedule at each cron time, for the
 * schedule's site when it has one. Unique per (name, site).
 */
export interface JobScheduleTable {
  id: Generated<number>;
  name: string;
  site_id: number | null;
  cron: string;
  /** JSON document each enqueued job receives. */
  payload: unknown;
  next_run_at: Timestamp;
  last_run_at: Timestamp | null;
  enabled: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../db/schema.js' {
  interface GlobalTables {
    jobs: JobTable;
    job_schedules: JobScheduleTable;
  }
}
