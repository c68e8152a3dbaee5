/** Past this many redirects a site's addresses are not held in memory: each page asks the database. */
const MOST_HELD = 20_000;

/**
 * The addresses each site redirects, held in memory: nearly every page a visitor asks for has no
 * redirect, and is then rendered without a query for one. A site's set is read on its first page and
 * dropped by `forget` when one of its redirects changes (through the cache registry, so every worker
 * and instance drops it).
 */
export class RedirectPaths {
  private readonly sites = new Map<number, Promise<ReadonlySet<string> | null>>();

  constructor(private readonly read: (siteId: number) => Promise<string[]>) {}

  /** Whether `path` (normalized) may have a redirect on the site: false only when it surely has none. */
  async mayRedirect(siteId: number, path: string): Promise<boolean> {
    const paths = await this.of(siteId);
    return paths === null || paths.has(path);
  }

  /** Drops a site's set: the next page reads it again. A read under way when this runs is not kept. */
  forget(siteId: number): void {
    this.sites.delete(siteId);
  }

  clear(): void {
    this.sites.clear();
  }

  private of(siteId: number): Promise<ReadonlySet<string> | null> {
    let known = this.sites.get(siteId);
    if (!known) {
      known = this.read(siteId).then((paths) => (paths.length > MOST_HELD ? null : new Set(paths)));
      this.sites.set(siteId, known);
      known.catch(() => {
        if (this.sites.get(siteId) === known) this.sites.delete(siteId);
      });
    }
    return known;
  }
}
