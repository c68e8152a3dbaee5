import type { ListMeta } from '../api.js';
import { kindOf, type Media } from './model.js';
import type { MediaQuery } from './queries.js';

export type MediaPage = { items: Media[]; meta: ListMeta };

/**
 * A first page of the library with a new upload put first, where the page's filters certainly take
 * it (newest first, no search words or further narrowing to check); undefined to leave the page for
 * its refetch. Shown at once, not a refetch later: a list said "nothing here" right after "Uploaded".
 */
export function withArrival(
  list: MediaPage | undefined,
  query: MediaQuery,
  media: Media,
): MediaPage | undefined {
  if (!list || query.page !== 1 || query.search !== '') return undefined;
  if (Object.values(query.narrowing ?? {}).some((value) => value !== undefined)) return undefined;
  if (query.kind !== null && query.kind !== kindOf(media)) return undefined;
  const folder = media.folder_id ?? 'none';
  if (query.folder !== null && query.folder !== folder) return undefined;
  if (list.items.some((item) => item.id === media.id)) return undefined;
  const total = list.meta.total + 1;
  return {
    items: [media, ...list.items].slice(0, query.limit),
    meta: { ...list.meta, total, last_page: Math.max(1, Math.ceil(total / query.limit)) },
  };
}
