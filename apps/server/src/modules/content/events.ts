import { emitSiteEvent } from '../../core/events/site-events.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Entry } from './entries/repo.js';

/** What an entry's site events carry (spec 6.1: id, title, slug, status, author_id, and the rest a receiver needs). */
export function entryEventData(type: string, entry: Entry): Record<string, unknown> {
  return {
    id: entry.id,
    type,
    title: entry.title,
    slug: entry.slug,
    status: entry.deleted_at === null ? entry.status : 'trash',
    author_id: entry.author_id,
    locale: entry.locale,
    path: entry.path,
    parent_id: entry.parent_id,
    published_at: entry.published_at,
    publish_at: entry.publish_at,
    updated_at: entry.updated_at,
  };
}

export type EntryEvent = 'created' | 'updated' | 'deleted' | 'published' | 'unpublished' | 'scheduled';

/**
 * Emits `<type>.<event>` for the entry as the operation left it: read again here, inside the
 * transaction, so the event tells the state the change made.
 */
export async function emitEntryEvent(
  ctx: OperationContext,
  type: string,
  event: EntryEvent,
  entry: Entry | null,
): Promise<void> {
  if (entry) await emitSiteEvent(ctx, `${type}.${event}`, entryEventData(type, entry));
}
