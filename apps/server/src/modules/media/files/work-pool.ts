import { availableParallelism } from 'node:os';

/**
 * At most `size` pieces of work at once, the rest waiting in turn. Image encoding runs on libuv's
 * threads, which file reads and DNS lookups share: a burst of uploads waits here instead of taking
 * every thread from the requests the server is answering.
 */
export class WorkPool {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number = Math.max(1, availableParallelism() - 1)) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  get queued(): number {
    return this.waiting.length;
  }
}
