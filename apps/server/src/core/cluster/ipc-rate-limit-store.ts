import type { RateLimitHit, RateLimitStore } from '../http/rate-limit/store.js';
import { type ClusterMessage, isClusterMessage } from './messages.js';

/** How long a worker waits for the primary before letting the request through uncounted. */
const ANSWER_TIMEOUT_MS = 2_000;

interface Channel {
  send(message: ClusterMessage): boolean;
  on(event: 'message', listener: (message: unknown) => void): void;
  off(event: 'message', listener: (message: unknown) => void): void;
}

/**
 * The rate-limit counters of a clustered server without Redis: a worker asks the primary, which
 * holds the one in-memory store, so a client gets 60 requests a minute across all workers, not 60
 * per worker. The primary is single-threaded, so each count-and-read stays atomic.
 *
 * One listener serves every request; answers are matched by id.
 */
export class IpcRateLimitStore implements RateLimitStore {
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (hit: RateLimitHit | null) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  private readonly listener = (message: unknown) => {
    if (!isClusterMessage(message) || message.tessera !== 'rate_limit_answer') return;
    const pending = this.waiting.get(message.id);
    if (!pending) return;
    this.waiting.delete(message.id);
    clearTimeout(pending.timer);
    if (message.error) pending.reject(new Error(message.error));
    else pending.resolve(message.hit);
  };

  constructor(private readonly channel: Channel) {
    channel.on('message', this.listener);
  }

  async hit(key: string, windowMs: number, units = 1): Promise<RateLimitHit> {
    const hit = await this.ask({ op: 'hit', key, windowMs, units });
    if (!hit) throw new Error('the primary answered a hit without a count');
    return hit;
  }

  peek(key: string): Promise<RateLimitHit | null> {
    return this.ask({ op: 'peek', key });
  }

  async ready(): Promise<void> {}

  /** The primary holds the counters of the machine's workers: never a fallback of its own. */
  degraded(): boolean {
    return false;
  }

  async close(): Promise<void> {
    this.channel.off('message', this.listener);
    for (const pending of this.waiting.values()) {
      clearTimeout(pending.timer);
      pending.reject(new Error('the rate-limit store is closed'));
    }
    this.waiting.clear();
  }

  private ask(
    question: { op: 'hit'; key: string; windowMs: number; units: number } | { op: 'peek'; key: string },
  ): Promise<RateLimitHit | null> {
    this.next = (this.next + 1) % Number.MAX_SAFE_INTEGER;
    const id = this.next;
    return new Promise((resolve, reject) => {
      // A primary that does not answer (stopping) fails the count; the limiter then lets the request
      // through, as it does when Redis is unreachable.
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error('the primary did not answer the rate-limit count'));
      }, ANSWER_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, { resolve, reject, timer });
      this.channel.send({ tessera: 'rate_limit', id, ...question } as ClusterMessage);
    });
  }
}
