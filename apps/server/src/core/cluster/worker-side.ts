import type { Runtime } from '../runtime.js';
import { isClusterMessage } from './messages.js';

/**
 * Joins a worker's caches to the cluster: a change made here goes to the primary, which passes it
 * to every other worker; a change from another worker is applied here. (Rate-limit counts have
 * their own channel: IpcRateLimitStore.)
 */
export function joinCluster(runtime: Runtime): void {
  const send = process.send?.bind(process);
  if (!send) return;
  runtime.caches.connectPeers((change) => {
    send({ tessera: 'cache', change });
  });
  process.on('message', (message: unknown) => {
    if (isClusterMessage(message) && message.tessera === 'cache') runtime.caches.receive(message.change);
  });
}
