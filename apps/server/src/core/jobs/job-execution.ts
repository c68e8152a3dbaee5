import type { Logger } from 'pino';
import type { Job } from './job.js';
import type { FailOutcome, JobQueue } from './job-queue.js';
import type { JobContext, JobRegistry } from './job-registry.js';

/** How one run of a job ended, as recorded in the queue. */
export type RunOutcome = 'completed' | FailOutcome;

export interface RunSettings {
  workerId: string;
  leaseSeconds: number;
  log: Logger;
}

/**
 * Runs one claimed job to its end: renews the lease while the handler works, enforces the handler's
 * timeout, and records completion or failure, only while the lease is still this worker's.
 */
export async function runJob(
  job: Job,
  queue: JobQueue,
  registry: JobRegistry,
  settings: RunSettings,
): Promise<RunOutcome> {
  const { workerId, leaseSeconds } = settings;
  const log = settings.log.child({ job: job.name, jobId: job.id, attempt: job.attempts });
  const controller = new AbortController();
  let leaseLost = false;
  // Renewing at a third of the lease leaves two chances to succeed before another worker may take over.
  const renewal = setInterval(
    () => {
      queue.extendLease(job.id, workerId, leaseSeconds).then(
        (held) => {
          if (held || leaseLost) return;
          leaseLost = true;
          controller.abort(new Error('The job lease passed to another worker.'));
        },
        (error: unknown) => log.warn({ err: error }, 'could not renew the job lease'),
      );
    },
    (leaseSeconds * 1000) / 3,
  );
  renewal.unref();

  let failure: { error: unknown } | null = null;
  try {
    const definition = registry.get(job.name);
    if (!definition) throw new Error(`No handler is defined for job "${job.name}".`);
    const context: JobContext = {
      jobId: job.id,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      siteId: job.site_id,
      signal: controller.signal,
      log,
    };
    log.debug({ event: 'job.started' }, 'job started');
    await withTimeout(definition.handler(job.payload, context), definition.timeoutSeconds, controller);
  } catch (error) {
    failure = { error };
  } finally {
    clearInterval(renewal);
  }

  if (leaseLost) {
    log.warn({ event: 'job.lease_lost' }, 'job lease lost while running; another worker owns the job now');
    return 'lease_lost';
  }
  if (!failure) {
    if (await queue.complete(job.id, workerId)) {
      log.info({ event: 'job.completed' }, 'job completed');
      return 'completed';
    }
    log.warn({ event: 'job.lease_lost' }, 'job finished after its lease expired; not marked completed');
    return 'lease_lost';
  }
  const outcome = await queue.fail(job.id, workerId, failure.error);
  if (outcome === 'failed')
    log.error({ event: 'job.failed', err: failure.error }, 'job failed; no attempts left');
  else if (outcome === 'retrying')
    log.warn({ event: 'job.retrying', err: failure.error }, 'job run failed; will retry');
  else log.warn({ event: 'job.lease_lost', err: failure.error }, 'job run failed after its lease expired');
  return outcome;
}

/** Races the handler against its timeout; on timeout the handler's signal is aborted too. */
async function withTimeout(
  run: Promise<void>,
  seconds: number | undefined,
  controller: AbortController,
): Promise<void> {
  if (seconds === undefined) return run;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`The job timed out after ${seconds} s.`);
      controller.abort(error);
      reject(error);
    }, seconds * 1000);
    timer.unref();
  });
  try {
    await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
