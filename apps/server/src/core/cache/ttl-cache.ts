/**
 * A small in-process cache whose entries expire `ttlMs` after they were stored, holding at most
 * `maxEntries`: when full, the least recently used entry makes room. Used where every request asks
 * the same question (which site a host is, a user's standing, a token's record) and a bounded
 * staleness across instances is acceptable; the owner clears entries on its own changes. Recency,
 * not a full reset, so a flood of one-off keys cannot push out the entries in constant use.
 */
export class TtlCache<K, V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recent entry first.
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The most recently used key: reading it again needs no move (the same key for every request, often). */
  private newest: K | undefined;

  /** The live value, or undefined when absent or expired (a stored null or miss is a value). */
  get(key: K, nowMs = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.value;
  }

  set(key: K, value: V, nowMs = Date.now()): void {
    this.newest = key;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const leastRecent = this.entries.keys().next();
      if (!leastRecent.done) this.entries.delete(leastRecent.value);
    }
    this.entries.set(key, { value, until: nowMs + this.ttlMs });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(match: (key: K, value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (match(key, entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Entries held, expired ones not yet dropped included; for tests and diagnostics. */
  get size(): number {
    return this.entries.size;
  }
}
