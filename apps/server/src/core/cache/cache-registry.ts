/**
 * The in-process caches of one runtime, each registered with a way to empty it. `tessera cache:clear`
 * and the cache epoch (cache-epoch.ts) clear them all at once, so a cache that registers here can
 * never keep serving data an operator has asked to forget.
 *
 * ```ts
 * runtime.caches.register('menus', () => menuCache.clear());
 * ```
 *
 * Register once per runtime: a second registration under the same name is a programming error.
 */
export class CacheRegistry {
  private readonly clears = new Map<string, () => void | Promise<void>>();

  register(name: string, clear: () => void | Promise<void>): void {
    if (this.clears.has(name)) throw new Error(`A cache named "${name}" is already registered.`);
    this.clears.set(name, clear);
  }

  names(): string[] {
    return [...this.clears.keys()];
  }

  /** Empties one cache by name; nothing when no cache of that name is registered. */
  async clear(name: string): Promise<void> {
    await this.clears.get(name)?.();
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
}
