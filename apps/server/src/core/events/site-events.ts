import type { HookManager } from '../hooks/hook-manager.js';
import type { OperationContext } from '../operation/operation-context.js';

/**
 * A change on a site that integrations may want to hear of: what webhooks deliver (spec 6.1), what
 * the search index and caches follow. Named `<resource>.<action>`: `post.published`,
 * `product.deleted`, `comment.created`, `user.created`.
 */
export interface SiteEvent {
  name: string;
  /** When the change was made, ISO 8601 UTC. */
  timestamp: string;
  /** The resource as the change left it (for an entry: id, type, title, slug, status, author_id...). */
  data: Record<string, unknown>;
}

declare module '../hooks/hook-manager.js' {
  interface ActionHooks {
    /**
     * Every site event, inside the transaction of the change (so what a listener writes, such as
     * the webhook deliveries it enqueues or the search index row it updates, commits or rolls back
     * with it). Listeners do database work only; I/O belongs in the jobs they enqueue.
     */
    'site.event': [event: SiteEvent];
  }
}

export function declareSiteEventHook(hooks: HookManager): void {
  hooks.declare('site.event', 'transaction');
}

/** Emits `name` from the operation, in its transaction when one is open. */
export async function emitSiteEvent(
  ctx: OperationContext,
  name: string,
  data: Record<string, unknown>,
): Promise<void> {
  await ctx.hooks.doAction('site.event', { name, timestamp: new Date().toISOString(), data });
}
