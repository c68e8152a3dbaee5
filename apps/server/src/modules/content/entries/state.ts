import type { EntryState } from './entry.js';
import type { Entry } from './repo.js';

/** Published, and saved since: the site serves an older version than the working copy. */
export function unpublishedChanges(
  entry: Pick<Entry, 'live_path' | 'live_version' | 'version' | 'status'>,
): boolean {
  return entry.status === 'published' && entry.live_version !== entry.version;
}

/** The content of an entry's working copy, as revisions keep it and `live` serves it. */
export function stateOf(entry: Entry, terms: Record<string, number[]>): EntryState {
  return {
    title: entry.title,
    slug: entry.slug,
    parent_id: entry.parent_id,
    excerpt: entry.excerpt,
    featured_media_id: entry.featured_media_id,
    author_id: entry.author_id,
    fields: entry.fields,
    blocks: entry.blocks,
    terms,
    position: entry.position,
  };
}

/**
 * Whether two states hold the same content. Key order does not count (PostgreSQL's jsonb stores
 * keys in its own order), nor does the order of term ids.
 */
export function sameState(a: EntryState, b: EntryState): boolean {
  const normal = (state: EntryState) =>
    canonicalJson({
      ...state,
      terms: Object.fromEntries(
        Object.entries(state.terms)
          .filter(([, ids]) => ids.length > 0)
          .map(([taxonomy, ids]) => [taxonomy, [...ids].sort((x, y) => x - y)]),
      ),
    });
  return normal(a) === normal(b);
}

/** JSON text with object keys sorted at every depth, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : item,
  );
}
