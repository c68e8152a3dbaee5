import type { CacheMessage } from '../cache/cache-registry.js';
import type { RateLimitHit } from '../http/rate-limit/store.js';

/**
 * What the processes of a clustered server tell each other over Node's IPC channel. Every message
 * carries `tessera` so the channel can carry other traffic (Node's own) without confusion.
 */
export type ClusterMessage =
  | { tessera: 'rate_limit'; id: number; op: 'hit'; key: string; windowMs: number; units: number }
  | { tessera: 'rate_limit'; id: number; op: 'peek'; key: string }
  | { tessera: 'rate_limit_answer'; id: number; hit: RateLimitHit | null; error?: string }
  | { tessera: 'cache'; change: CacheMessage };

export function isClusterMessage(message: unknown): message is ClusterMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { tessera?: unknown }).tessera === 'string'
  );
}
