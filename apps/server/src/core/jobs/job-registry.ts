import type { Logger } from 'pino';
import { assertValidBackoff, type RetryBackoff } from './backoff.js';
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
  /**
   * The named queue the kind's jobs run in (default `default`). Each queue has its own number of
   * jobs a worker runs at once, so slow media work cannot hold up mail or webhooks. A queue nobody
   * declared with `defineQueue` runs one job at a time.
   */
  queue?: string;
  /** Runs before the job is marked failed; enqueue's own maxAttempts wins. Default 5. */
  maxAttempts?: number;
  /** When a failed run is tried again. Default: the queue's backoff (15 s doubling to 1 h). */
  backoff?: RetryBackoff;
  /** A run taking longer fails (and is retried); its signal is aborted. No limit by default. */
  timeoutSeconds?: number;
}

export interface QueueOptions {
  /** Jobs of this queue one worker runs at the same time. */
  concurrency: number;
}

/**
 * The queues every installation has, with the concurrency a worker gives them unless told otherwise
 * (`tessera worker --concurrency n --queue name=n`). Webhook deliveries wait on the network, media
 * work takes the CPU, so they get more and fewer slots.
 */
export const standardQueues: Readonly<Record<string, number>> = {
  default: 2,
  mail: 2,
  webhooks: 4,
  media: 1,
};

export const DEFAULT_QUEUE = 'default';
const QUEUE_NAME = /^[a-z][a-z0-9_.-]{0,99}$/;

export interface JobDefinition extends JobOptions {
  readonly name: string;
  readonly handler: JobHandler;
}

/** Job handlers by job name. Modules and plugins define theirs at start, before the worker runs. */
export class JobRegistry {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly queueConcurrency = new Map<string, number>(Object.entries(standardQueues));

  /** Declares a queue or changes its concurrency (the last declaration wins). */
  defineQueue(name: string, options: QueueOptions): void {
    assertQueueName(name);
    if (!Number.isInteger(options.concurrency) || options.concurrency < 1)
      throw new Error(`Queue "${name}": concurrency must be an integer of at least 1.`);
    this.queueConcurrency.set(name, options.concurrency);
  }

  /** Every queue a worker serves, with its concurrency: the declared ones and those jobs name. */
  queues(): Map<string, number> {
    const queues = new Map(this.queueConcurrency);
    for (const definition of this.definitions.values()) {
      if (definition.queue && !queues.has(definition.queue)) queues.set(definition.queue, 1);
    }
    return queues;
  }

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
    if (options.queue !== undefined) assertQueueName(options.queue);
    if (options.backoff !== undefined) assertValidBackoff(options.backoff, `Job "${name}"`);
    this.definitions.set(name, { ...options, name, handler: handler as JobHandler });
  }

  get(name: string): JobDefinition | undefined {
    return this.definitions.get(name);
  }

  names(): string[] {
    return [...this.definitions.keys()].sort();
  }
}

function assertQueueName(name: string): void {
  if (!QUEUE_NAME.test(name))
    throw new Error(`Queue "${name}": a name is 1 to 100 of a-z, 0-9, _, . and -, starting with a letter.`);
}
