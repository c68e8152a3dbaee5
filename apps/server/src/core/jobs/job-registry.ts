import type { Logger } from 'pino';
import type { JobPayload } from './job.js';

/** What a handler learns about the run it is doing. */
export interface JobContext {
  jobId: number;
  /** 1 on the first run, 2 on the first retry, ... */
  attempt: number;
  maxAttempts: number;
  /** The site the job concerns, when it concerns one. */
  siteId: number | null;
  /**
   * Aborted when the run must stop early: its timeout passed, or the worker lost the job's lease (the
   * job is then someone else's). Long handlers should pass it to fetch and check it between steps.
   */
  signal: AbortSignal;
  log: Logger;
}

/**
 * Does one job's work. Resolving completes the job; throwing schedules a retry (or fails the job once
 * its attempts are used up). A job can run more than once (a worker may crash after the work but
 * before recording it), so handlers must be safe to repeat.
 */
export type JobHandler<P = unknown> = (payload: P, context: JobContext) => Promise<void>;

export interface JobOptions {
  /** Runs before the job is marked failed; enqueue's own maxAttempts wins. Default 5. */
  maxAttempts?: number;
  /** A run taking longer fails (and is retried); its signal is aborted. No limit by default. */
  timeoutSeconds?: number;
}

export interface JobDefinition extends JobOptions {
  readonly name: string;
  readonly handler: JobHandler;
}

/** Job handlers by job name. Modules and plugins define theirs at start, before the worker runs. */
export class JobRegistry {
  private readonly definitions = new Map<string, JobDefinition>();

  define<N extends string>(name: N, handler: JobHandler<JobPayload<N>>, options: JobOptions = {}): void {
    if (this.definitions.has(name)) throw new Error(`A handler for job "${name}" is already defined.`);
    if (
      options.maxAttempts !== undefined &&
      !(Number.isInteger(options.maxAttempts) && options.maxAttempts >= 1)
    ) {
      throw new Error(`Job "${name}": maxAttempts must be an integer of at least 1.`);
    }
    if (options.timeoutSeconds !== undefined && !(options.timeoutSeconds > 0)) {
      throw new Error(`Job "${name}": timeoutSeconds must be positive.`);
    }
    this.definitions.set(name, { ...options, name, handler: handler as JobHandler });
  }

  get(name: string): JobDefinition | undefined {
    return this.definitions.get(name);
  }

  names(): string[] {
    return [...this.definitions.keys()].sort();
  }
}
