import type { Data } from '../db/data.js';
import { JobQueue, type JobQueueOptions } from './job-queue.js';
import { JobRegistry } from './job-registry.js';
import { JobSchedules } from './schedules.js';
// Brings the tables' declaration merging into any program that uses the jobs.
import type {} from './tables.js';

/**
 * The background-job machinery of a runtime: the queue services enqueue into, the handlers a worker
 * runs, and the recurring schedules.
 */
export interface Jobs {
  readonly queue: JobQueue;
  readonly registry: JobRegistry;
  readonly schedules: JobSchedules;
}

export function createJobs(data: Data, options: Omit<JobQueueOptions, 'kindOf'> = {}): Jobs {
  const registry = new JobRegistry();
  const queue = new JobQueue(data, { ...options, kindOf: (name) => registry.get(name) });
  const schedules = new JobSchedules(data, queue, options.clock);
  return { queue, registry, schedules };
}
