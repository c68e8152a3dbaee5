import type { Selectable } from 'kysely';
import { readJson } from '../db/engine.js';
import type { JobTable } from './tables.js';

export const jobStatuses = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Payload types of known jobs, by job name. A module declares its jobs by declaration merging, and
 * `enqueue` and `define` then check the payload; a name declared nowhere takes an `unknown` payload.
 *
 * ```ts
 * declare module '../../core/jobs/job.js' {
 *   interface JobPayloads { 'webhooks.deliver': { deliveryId: number } }
 * }
 * ```
 *
 * Payloads are stored as JSON and shown to administrators in the jobs API: carry ids, never secrets.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface JobPayloads {}

export type JobPayload<N extends string> = N extends keyof JobPayloads ? JobPayloads[N] : unknown;

/** A job as the worker and the admin API see it. Timestamps are ISO 8601 UTC. */
export interface Job {
  id: number;
  name: string;
  /** The named queue it runs in. */
  queue: string;
  payload: unknown;
  site_id: number | null;
  dedupe_key: string | null;
  status: JobStatus;
  /** Runs started so far, counting the current one while the job is running. */
  attempts: number;
  max_attempts: number;
  /** The earliest time the job may (next) run. */
  run_at: string;
  /** The worker holding the job's lease while it runs. */
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export function jobFromRow(row: Selectable<JobTable>): Job {
  return { ...row, payload: readJson<unknown>(row.payload, null) };
}
