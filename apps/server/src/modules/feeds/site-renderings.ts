import { TtlCache } from '../../core/cache/ttl-cache.js';
import { afterCommit } from '../../core/db/transaction-routing.js';
import type { Runtime } from '../../core/runtime.js';

/**
 * What a feed or sitemap renders, kept under `<siteId>|...` keys until an event of the site that
 * `changes` it commits. Registered as the cache `name`, so a change reaches every worker and
 * `tessera cache:clear` empties it.
 */
export class SiteRenderings<V> {
  private readonly cache: TtlCache<string, V>;

  constructor(
    private readonly runtime: Runtime,
    private readonly name: string,
    ttlMs: number,
    private readonly changes: (event: string) => boolean,
  ) {
    this.cache = new TtlCache<string, V>(ttlMs, 2_000);
    runtime.caches.register(
      name,
      () => this.cache.clear(),
      (siteId) => this.cache.deleteWhere((key) => key.startsWith(`${siteId as number}|`)),
    );
  }

  /** Forgets a site's renderings once an event that changes them commits. */
  listen(): void {
    this.runtime.hooks.addAction(
      'site.event',
      async (ctx, event) => {
        const siteId = ctx.site?.id;
        if (siteId !== undefined && this.changes(event.name))
          await afterCommit(() => this.runtime.caches.forget(this.name, siteId));
      },
      { owner: `core:${this.name}` },
    );
  }

  /** What is kept for the site under `key`, else `render`'s answer, then kept. */
  async get(siteId: number, key: string, render: () => Promise<V>): Promise<V> {
    const cacheKey = `${siteId}|${key}`;
    const kept = this.cache.get(cacheKey);
    if (kept !== undefined) return kept;
    const rendered = await render();
    this.cache.set(cacheKey, rendered);
    return rendered;
  }
}
