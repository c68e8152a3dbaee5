import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Runtime } from '../runtime.js';
import type { Job } from './job.js';
import { type RunOutcome, runJob } from './job-execution.js';
import { DEFAULT_QUEUE } from './job-registry.js';
import type { Jobs } from './jobs.js';

export interface WorkerOptions {
  log: Logger;
  /** Pause between looks for due jobs while idle, in milliseconds. */
  pollMs: number;
  /** Lease each claim takes; renewed while the handler runs. */
  leaseSeconds: number;
  /** Jobs of the default queue run at the same time. Default: the registry's (2). */
  concurrency?: number;
  /** Jobs of each named queue run at the same time, over the concurrency the registry declares. */
  queues?: Readonly<Record<string, number>>;
  /** Names this worker in `locked_by`; unique per worker by default. */
  workerId?: string;
}

export interface WorkerEvents {
  /** A run ended; `outcome` says how it was recorded. */
  settled: [job: Job, outcome: RunOutcome];
}

/**
 * Runs jobs from the queue: polls for due jobs, runs up to each named queue's concurrency at once
 * under a lease (every queue has its own slots, so a queue of slow jobs cannot starve another), and
 * on each poll also returns crashed workers' jobs to the queue and enqueues due schedules. Runs in
 * the server process by default and alone as `tessera worker`; any number may share one database.
 */
export class Worker extends EventEmitter<WorkerEvents> {
  readonly id: string;
  private readonly running = new Map<number, Promise<void>>();
  /** Jobs running per queue. */
  private readonly busy = new Map<string, number>();
  /** This worker's concurrency per queue, over the registry's. */
  private readonly overrides: Map<string, number>;
  private state: 'idle' | 'running' | 'stopping' | 'stopped' = 'idle';
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private stopListening: (() => void) | null = null;
  private pollAgain = false;
  private lastMaintenance = 0;
  /** Queues with due jobs that nothing here declares; found during maintenance, run in default's slots. */
  private strayQueues: string[] = [];

  constructor(
    private readonly jobs: Jobs,
    private readonly options: WorkerOptions,
  ) {
    super();
    this.id = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.overrides = new Map(Object.entries(options.queues ?? {}));
    // `concurrency` is the default queue's unless `queues` names that queue too.
    if (options.concurrency !== undefined && !this.overrides.has(DEFAULT_QUEUE))
      this.overrides.set(DEFAULT_QUEUE, options.concurrency);
    for (const [queue, concurrency] of this.overrides) {
      if (!Number.isInteger(concurrency) || concurrency < 1)
        throw new Error(`Worker concurrency of queue "${queue}" must be an integer of at least 1.`);
    }
  }

  /**
   * Each queue this worker serves and how many of its jobs run at once: the registry's queues (asked
   * on every poll, as handlers may be defined after start), with this worker's overrides.
   */
  queueConcurrency(): Map<string, number> {
    const queues = this.jobs.registry.queues();
    for (const [queue, concurrency] of this.overrides) queues.set(queue, concurrency);
    return queues;
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'running';
    this.options.log.info(
      { event: 'worker.started', worker: this.id, queues: Object.fromEntries(this.queueConcurrency()) },
      'job worker started',
    );
    this.wake(0);
    // Jobs enqueued in this process start at once; others' at the next poll.
    this.stopListening = this.jobs.queue.onEnqueued(() => this.wake(0));
  }

  /** Stops claiming jobs and resolves once the running ones have finished (graceful shutdown). */
  async stop(): Promise<void> {
    if (this.state === 'stopped' || this.state === 'stopping') return this.stopped();
    const wasRunning = this.state === 'running';
    this.state = 'stopping';
    this.stopListening?.();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.stopped();
    if (wasRunning) this.options.log.info({ event: 'worker.stopped', worker: this.id }, 'job worker stopped');
    this.state = 'stopped';
  }

  /** Jobs running right now. */
  get activeJobs(): number {
    return this.running.size;
  }

  private async stopped(): Promise<void> {
    await this.polling;
    await Promise.allSettled([...this.running.values()]);
  }

  /** Schedules the next poll `delayMs` from now, replacing a later one. */
  private wake(delayMs: number): void {
    if (this.state !== 'running') return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, delayMs);
    this.timer.unref();
  }

  private async poll(): Promise<void> {
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    this.polling = this.pollOnce().catch((error: unknown) => {
      this.options.log.error({ err: error, worker: this.id }, 'job worker poll failed');
    });
    await this.polling;
    this.polling = null;
    const again = this.pollAgain;
    this.pollAgain = false;
    this.wake(again ? 0 : this.options.pollMs);
  }

  private async pollOnce(): Promise<void> {
    const { queue, schedules } = this.jobs;
    // Lease recovery and schedules need not run on every wake-up after a finished job.
    if (Date.now() - this.lastMaintenance >= this.options.pollMs) {
      this.lastMaintenance = Date.now();
      const recovered = await queue.recoverExpired();
      if (recovered > 0) {
        this.options.log.warn(
          { event: 'jobs.recovered', count: recovered },
          'released jobs of a stopped worker',
        );
      }
      await schedules.enqueueDue();
      const served = this.queueConcurrency();
      this.strayQueues = (await queue.dueQueues()).filter((name) => !served.has(name));
    }
    const queues = this.queueConcurrency();
    const free = new Map<string, number>();
    for (const [name, concurrency] of queues) free.set(name, concurrency - (this.busy.get(name) ?? 0));
    const candidates = [...queues.keys(), ...this.strayQueues].filter(
      (name) => (free.get(slotsOf(name, queues)) ?? 0) > 0,
    );
    if (candidates.length === 0 || this.state !== 'running') return;
    for (const name of await queue.queuesWithDueJobs(candidates)) {
      if (this.state !== 'running') return;
      const slots = slotsOf(name, queues);
      const limit = free.get(slots) ?? 0;
      if (limit < 1) continue;
      const claimed = await queue.claim(this.id, limit, this.options.leaseSeconds, name);
      free.set(slots, limit - claimed.length);
      for (const job of claimed) this.launch(job, slots);
    }
  }

  private launch(job: Job, slots: string): void {
    this.busy.set(slots, (this.busy.get(slots) ?? 0) + 1);
    const run = runJob(job, this.jobs.queue, this.jobs.registry, {
      workerId: this.id,
      leaseSeconds: this.options.leaseSeconds,
      log: this.options.log,
    })
      .then((outcome) => {
        this.emit('settled', job, outcome);
      })
      .catch((error: unknown) => {
        // Recording the outcome failed (database unreachable); the lease expires and the job runs again.
        this.options.log.error({ err: error, jobId: job.id }, 'could not record the outcome of a job');
      })
      .finally(() => {
        this.running.delete(job.id);
        this.busy.set(slots, (this.busy.get(slots) ?? 1) - 1);
        this.wake(0);
      });
    this.running.set(job.id, run);
  }
}

/**
 * The queue whose slots a queue's jobs take: its own, or the default queue's when nothing here
 * declares it (a job kind moved to another queue, or a plugin removed), so such jobs still run or
 * fail visibly instead of waiting forever.
 */
function slotsOf(queue: string, served: ReadonlyMap<string, number>): string {
  return served.has(queue) ? queue : DEFAULT_QUEUE;
}

/** A worker configured from the runtime's configuration (poll interval, lease). */
export function workerForRuntime(
  runtime: Pick<Runtime, 'jobs' | 'log' | 'config' | 'hooks' | 'siteStore'>,
  options: Partial<WorkerOptions> = {},
): Worker {
  const worker = new Worker(runtime.jobs, {
    log: runtime.log,
    pollMs: runtime.config.jobs.pollMs,
    leaseSeconds: runtime.config.jobs.leaseSeconds,
    ...options,
  });
  // Plugins (alerting, say) learn of jobs that ran out of attempts; a throwing callback is only logged.
  worker.on('settled', (job, outcome) => {
    if (outcome !== 'failed') return;
    void (async () => {
      const site = job.site_id === null ? null : await runtime.siteStore.findById(job.site_id);
      await runtime.hooks.doAction('job.failed', { site, actor: null }, job);
    })().catch((error) => runtime.log.error({ err: error, job: job.id }, 'job.failed hooks could not run'));
  });
  return worker;
}

declare module '../hooks/hook-manager.js' {
  interface ActionHooks {
    /** A job used up its attempts and is now failed (listed by GET /api/jobs?status=failed). */
    'job.failed': [job: Job];
  }
}
