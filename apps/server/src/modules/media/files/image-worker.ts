import { type ChildProcess, fork } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { workerEntry } from './image-worker-entry.js';
import { type ImageJobAnswer, type ToImageWorker, variantFiles } from './image-worker-protocol.js';
import {
  type EncodedVariant,
  type ImageOptions,
  ImageRefused,
  VARIANT_NAMES,
  type VariantName,
} from './images.js';
import { WorkCancelled } from './work-pool.js';

export type ImageVariants = Record<VariantName, EncodedVariant>;

/**
 * How long the worker process stays without work before it exits. Starting it again costs the
 * next image about 0.4 s (Node, then libvips), so a burst of uploads, and the next photo of someone
 * adding them one by one, reuses it; but while it stays, so do its 105 to 140 MiB (Node, libvips,
 * and what glibc keeps after large images).
 */
export const IDLE_EXIT_MS = 10_000;

/** What an image fails with when its worker process dies under it. */
export const WORKER_STOPPED =
  'The image work stopped before it was done (its process was stopped or ran out of memory); try again, or send a smaller image.';

/**
 * The server's own memory settings (apps/server/bin/tessera.js says why each): libvips's threads
 * are what MALLOC_ARENA_MAX and the fixed mmap threshold are there for, so the worker needs them
 * most. glibc reads them when the process starts, hence the environment.
 */
const MEMORY_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };
const MEMORY_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=50'];

interface WarningLog {
  warn(details: object, message: string): void;
}

export interface ImageWorkerOptions {
  /** How long the process stays without work; IDLE_EXIT_MS unless a test wants it sooner. */
  idleMs?: number;
  /** Told when the process dies under its work (killed, out of memory): the runtime's log. */
  log?: WarningLog;
}

interface Job {
  settle(answer: ImageJobAnswer): void;
  fail(error: Error): void;
}

interface WorkerProcess {
  child: ChildProcess;
  /** Sent to it and not answered yet, by id. */
  jobs: Map<number, Job>;
  /** Let go by the server (idle, or stopping): its end is no failure. */
  dismissed: boolean;
  closed: Promise<void>;
}

/**
 * Probes and encodes images in a child process, so that the server's own never loads libvips and
 * never keeps the native memory images leave behind in glibc's arenas (twelve 12-megapixel photos
 * left the server 40 to 50 MiB above where it began; now it ends where it began). The process
 * starts with the first image, takes every image that comes while it runs (the WorkPool still
 * decides how many at once), and exits once idle for `idleMs`, which gives all of it back. One that
 * dies fails the images it held with ImageRefused, and the next image starts a new one.
 */
export class ImageWorker {
  private current: WorkerProcess | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private lastId = 0;
  private readonly idleMs: number;
  private readonly log: WarningLog | undefined;

  constructor(options: ImageWorkerOptions = {}) {
    this.idleMs = options.idleMs ?? IDLE_EXIT_MS;
    this.log = options.log;
  }

  /** The worker process's id while it runs. */
  get pid(): number | undefined {
    return this.current?.child.pid;
  }

  /** Images sent to the worker process and not answered yet. */
  get working(): number {
    return this.current?.jobs.size ?? 0;
  }

  /**
   * The four variants of the image at `path`. Throws ImageRefused when the image is at fault (as
   * probeImage refuses it, or libvips fails to decode it) or the process died under it, and
   * WorkCancelled when `signal` was aborted before a step began.
   */
  async encode(path: string, options: ImageOptions, signal?: AbortSignal): Promise<ImageVariants> {
    if (signal?.aborted) throw new WorkCancelled();
    const entry = await workerEntry();
    if (signal?.aborted) throw new WorkCancelled();
    const worker = this.current ?? this.spawn(entry);
    this.keep(worker);
    const id = ++this.lastId;
    const outputs = variantFiles(path);
    const discard = () => Promise.all(VARIANT_NAMES.map((name) => rm(outputs[name], { force: true })));
    return new Promise<ImageVariants>((resolve, reject) => {
      const cancel = () => {
        if (worker.child.connected) worker.child.send({ type: 'cancel', id } satisfies ToImageWorker);
      };
      const done = () => {
        signal?.removeEventListener('abort', cancel);
        worker.jobs.delete(id);
        this.release(worker);
      };
      worker.jobs.set(id, {
        settle(answer) {
          done();
          if ('variants' in answer) {
            resolve(readVariants(outputs, answer.variants).finally(discard));
          } else if (answer.failure === 'cancelled') reject(new WorkCancelled());
          else if (answer.failure === 'refused') reject(new ImageRefused(answer.message));
          else reject(new Error(answer.message));
        },
        fail(error) {
          done();
          // A process that died while writing them may have left some of the variants' files.
          void discard().finally(() => reject(error));
        },
      });
      signal?.addEventListener('abort', cancel, { once: true });
      worker.child.send({ type: 'work', id, path, options, outputs } satisfies ToImageWorker, (error) => {
        // The process is gone already: its end fails the job too, whichever comes first.
        if (error) worker.jobs.get(id)?.fail(new ImageRefused(WORKER_STOPPED));
      });
    });
  }

  /** Ends the worker process (the server is stopping); images it held fail with ImageRefused. */
  async stop(): Promise<void> {
    const worker = this.current;
    if (!worker) return;
    this.dismiss(worker);
    await worker.closed;
  }

  private spawn(entry: string): WorkerProcess {
    const child = fork(entry, [], {
      execArgv: MEMORY_FLAGS,
      env: { ...process.env, ...MEMORY_ENV },
    });
    let closed!: () => void;
    const worker: WorkerProcess = {
      child,
      jobs: new Map(),
      dismissed: false,
      closed: new Promise((resolve) => {
        closed = resolve;
      }),
    };
    child.on('message', (answer: ImageJobAnswer) => worker.jobs.get(answer.id)?.settle(answer));
    // 'close', not 'exit': answers the process sent before it ended are read first.
    child.on('close', (code, signal) => {
      if (this.current === worker) this.forget();
      // An idle one ended by someone else (Ctrl-C reaches the whole process group) failed nobody.
      if (!worker.dismissed && worker.jobs.size > 0)
        this.log?.warn({ code, signal, images: worker.jobs.size }, 'the image worker process stopped');
      for (const job of worker.jobs.values()) job.fail(new ImageRefused(WORKER_STOPPED));
      closed();
    });
    child.on('error', (error) => {
      // Not started at all (no 'close' follows): a fault of the server, not of the images.
      if (child.pid !== undefined) return;
      if (this.current === worker) this.forget();
      for (const job of worker.jobs.values()) job.fail(error);
      closed();
    });
    this.current = worker;
    return worker;
  }

  /** Work is coming: the process must not exit, and holds the server's process open until done. */
  private keep(worker: WorkerProcess): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    worker.child.ref();
    worker.child.channel?.ref();
  }

  /** No work left: the process no longer holds the server's open, and exits after `idleMs`. */
  private release(worker: WorkerProcess): void {
    if (worker !== this.current || worker.jobs.size > 0) return;
    worker.child.unref();
    worker.child.channel?.unref();
    this.idleTimer = setTimeout(() => this.dismiss(worker), this.idleMs);
    this.idleTimer.unref();
  }

  private dismiss(worker: WorkerProcess): void {
    worker.dismissed = true;
    if (this.current === worker) this.forget();
    worker.child.kill();
  }

  private forget(): void {
    this.current = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}

/** The variants the worker process wrote to `outputs`, with the sizes it answered. */
async function readVariants(
  outputs: Record<VariantName, string>,
  sizes: Record<VariantName, { width: number; height: number }>,
): Promise<ImageVariants> {
  const read = await Promise.all(
    VARIANT_NAMES.map(
      async (name) => [name, { bytes: await readFile(outputs[name]), ...sizes[name] }] as const,
    ),
  );
  return Object.fromEntries(read) as ImageVariants;
}
