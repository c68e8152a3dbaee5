/**
 * A small in-process cache whose entries expire `ttlMs` after they were stored. Used where every
 * request asks the same question (which site a host is, a user's standing, a token's record) and a
 * bounded staleness across instances is acceptable; the owner clears entries on its own changes.
 * When full it starts over rather than tracking recency: the working set refills in one round.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The live value, or undefined when absent or expired (a stored null or miss is a value). */
  get(key: K, nowMs = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, nowMs = Date.now()): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
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
}
