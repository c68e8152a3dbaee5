/**
 * The in-process caches of one runtime, each registered with a way to empty it and, optionally, to
 * forget one key. `tessera cache:clear` and the cache epoch (cache-epoch.ts) clear them all at once,
 * so a cache that registers here can never keep serving data an operator has asked to forget.
 *
 * Changes go through `forget` and `clear`, never to the cache object directly: when the server runs
 * several worker processes (WEB_CONCURRENCY), the registry tells its peers, so a revoked token or a
 * changed role is forgotten by every worker at once.
 *
 * ```ts
 * runtime.caches.register('menus', () => menuCache.clear(), (siteId) => menuCache.delete(siteId));
 * runtime.caches.forget('menus', site.id);
 * ```
 *
 * Register once per runtime: a second registration under the same name is a programming error.
 */
export class CacheRegistry {
  private readonly clears = new Map<string, () => void | Promise<void>>();
  private readonly forgets = new Map<string, (key: unknown) => void>();
  private readonly peers: Array<(message: CacheMessage) => void> = [];

  register(name: string, clear: () => void | Promise<void>, forget?: (key: unknown) => void): void {
    if (this.clears.has(name)) throw new Error(`A cache named "${name}" is already registered.`);
    this.clears.set(name, clear);
    if (forget) this.forgets.set(name, forget);
  }

  names(): string[] {
    return [...this.clears.keys()];
  }

  /** Drops one key of a cache (a JSON value: an id, `{ userId }`), here and in every peer. */
  forget(name: string, key: unknown): void {
    this.apply({ name, key });
    this.tell({ name, key });
  }

  /** Empties one cache by name, here and in every peer; nothing when no cache of that name exists. */
  async clear(name: string): Promise<void> {
    this.tell({ name, key: null });
    await this.clears.get(name)?.();
  }

  /**
   * Connects this registry to other processes: `send` carries a change to them, and what they send
   * arrives through `receive`. Several channels may be connected: the cluster's workers over IPC,
   * other instances through Redis (redis-peers.ts).
   */
  connectPeers(send: (message: CacheMessage) => void): void {
    this.peers.push(send);
  }

  /** A change a peer made: applied here, not sent on. */
  receive(message: CacheMessage): void {
    this.apply(message);
  }

  /** Empties every cache; one failing does not stop the others. Returns the names cleared. */
  async clearAll(): Promise<string[]> {
    const entries = [...this.clears.entries()];
    const results = await Promise.allSettled(entries.map(async ([, clear]) => clear()));
    const failed = results.flatMap((result, i) =>
      result.status === 'rejected' ? [{ name: entries[i]?.[0], reason: result.reason }] : [],
    );
    if (failed.length > 0) {
      throw new AggregateError(
        failed.map((f) => f.reason),
        `Could not clear the cache(s): ${failed.map((f) => f.name).join(', ')}.`,
      );
    }
    return entries.map(([name]) => name);
  }

  private tell(message: CacheMessage): void {
    for (const send of this.peers) send(message);
  }

  private apply({ name, key }: CacheMessage): void {
    if (key === null) void this.clears.get(name)?.();
    else {
      const forget = this.forgets.get(name);
      // A cache that cannot forget one key forgets everything rather than keep a stale entry.
      if (forget) forget(key);
      else void this.clears.get(name)?.();
    }
  }
}

/** One cache change between processes: `key` null empties the cache. */
export interface CacheMessage {
  name: string;
  key: unknown;
}
