import { availableParallelism } from 'node:os';

/** Whose a piece of work is, and whether anyone still wants it. */
export interface WorkSource {
  /** Who the work is for (a site): free slots go by turns between groups, not first come first served. */
  group: string;
  /** Aborted once nobody waits for the result (the request closed): work not started is dropped. */
  signal?: AbortSignal;
}

/** The work was dropped before it started: its signal was aborted. */
export class WorkCancelled extends Error {
  constructor() {
    super('The work was cancelled before it started.');
    this.name = 'WorkCancelled';
  }
}

interface Waiter {
  group: string;
  /** Arrival order, to break ties between groups never served. */
  arrived: number;
  start(): void;
}

/**
 * At most `size` pieces of work at once, the rest waiting. Each image keeps a core busy in the
 * image worker process (image-worker.ts): a burst of uploads waits here instead of taking every
 * core from the requests the server is answering.
 *
 * The pool is shared by every site, so waiting work is not served in arrival order: a freed slot
 * goes to the group with the fewest pieces running, and between equals to the one served least
 * recently. A site that queues a hundred slow images holds the slots it has, but another site's
 * one image starts in the next slot that frees, not after the hundred.
 */
export class WorkPool {
  private running = 0;
  private arrivals = 0;
  private starts = 0;
  private readonly runningIn = new Map<string, number>();
  /** When each group last started a piece of work, for its turn; forgotten once the group is idle. */
  private readonly lastStart = new Map<string, number>();
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(readonly size: number = Math.max(1, availableParallelism() - 1)) {}

  async run<T>(work: () => Promise<T>, source: WorkSource = { group: '' }): Promise<T> {
    const { group, signal } = source;
    if (signal?.aborted) throw new WorkCancelled();
    if (this.running < this.size) this.begin(group);
    else await this.wait(group, signal);
    try {
      return await work();
    } finally {
      this.finish(group);
    }
  }

  /** Pieces of work waiting for a slot, over all groups. */
  get queued(): number {
    let count = 0;
    for (const queue of this.waiting.values()) count += queue.length;
    return count;
  }

  /** Resolves once a finishing piece of work has handed this one its slot (begin already counted). */
  private wait(group: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        group,
        arrived: ++this.arrivals,
        start: () => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        },
      };
      const cancel = () => {
        this.leave(waiter);
        reject(new WorkCancelled());
      };
      signal?.addEventListener('abort', cancel, { once: true });
      const queue = this.waiting.get(group);
      if (queue) queue.push(waiter);
      else this.waiting.set(group, [waiter]);
    });
  }

  private begin(group: string): void {
    this.running++;
    this.runningIn.set(group, (this.runningIn.get(group) ?? 0) + 1);
    this.lastStart.set(group, ++this.starts);
  }

  /** Frees the slot, handing it straight to the next waiter so no newcomer can slip in between. */
  private finish(group: string): void {
    this.running--;
    const left = (this.runningIn.get(group) ?? 1) - 1;
    if (left > 0) this.runningIn.set(group, left);
    else this.runningIn.delete(group);
    const next = this.next();
    if (next) {
      this.leave(next);
      this.begin(next.group);
      next.start();
    }
    if (!this.runningIn.has(group) && !this.waiting.has(group)) this.lastStart.delete(group);
  }

  /** The first waiter of the group with the fewest running, then the one served least recently. */
  private next(): Waiter | undefined {
    let best: Waiter | undefined;
    let bestRank: [number, number, number] | undefined;
    for (const [group, queue] of this.waiting) {
      const head = queue[0];
      if (!head) continue;
      const rank: [number, number, number] = [
        this.runningIn.get(group) ?? 0,
        this.lastStart.get(group) ?? 0,
        head.arrived,
      ];
      if (!bestRank || ranksBefore(rank, bestRank)) {
        best = head;
        bestRank = rank;
      }
    }
    return best;
  }

  private leave(waiter: Waiter): void {
    const queue = this.waiting.get(waiter.group);
    if (!queue) return;
    const at = queue.indexOf(waiter);
    if (at >= 0) queue.splice(at, 1);
    if (queue.length === 0) {
      this.waiting.delete(waiter.group);
      if (!this.runningIn.has(waiter.group)) this.lastStart.delete(waiter.group);
    }
  }
}

/** Compares two ranks as words in a dictionary: the first difference decides. */
function ranksBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}
