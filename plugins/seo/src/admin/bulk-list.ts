import { AdminApiError, type AdminContext } from '@tessera/plugin/admin';
import type { CheckStatus } from '../score/index.js';
import { entryPath, type StoredEntry, type StoredScore } from './queries.js';

/** Rows a page of the bulk editor shows. */
export const PAGE_SIZE = 20;
/** The most ids the scores route gives for a rating (its own cap). */
export const MOST_RATED = 200;

/** A page of the bulk editor: its entries, whether another follows, and whether the rated list was cut. */
export interface BulkPage {
  entries: StoredEntry[];
  more: boolean;
  capped: boolean;
}

export const bulkPageKey = (type: string, rating: CheckStatus | null, page: number) => [
  'seo',
  'bulk',
  type,
  rating,
  page,
];

/**
 * A page of a type's entries, newest first by creation (a saved row stays where it is). The core's
 * list gives this client its data without the count: the first entry of the next page, asked for
 * alone, says whether there is one.
 */
export async function entriesPage(admin: AdminContext, type: string, page: number): Promise<BulkPage> {
  const order = { sort: 'created_at', order: 'desc' } as const;
  const [entries, next] = await Promise.all([
    admin.core.get<StoredEntry[]>(`/api/content/${type}`, { ...order, page, limit: PAGE_SIZE }),
    admin.core.get<StoredEntry[]>(`/api/content/${type}`, { ...order, page: page * PAGE_SIZE + 1, limit: 1 }),
  ]);
  return { entries, more: next.length > 0, capped: false };
}

/**
 * A page of the entries whose stored score has `rating`: the scores route names them (the newest
 * 200), and each of the page's is read from the core. One deleted since it was scored is left out.
 */
export async function ratedPage(
  admin: AdminContext,
  type: string,
  rating: CheckStatus,
  page: number,
): Promise<BulkPage> {
  const rated = await admin.api.get<StoredScore[]>('/scores', { type, rating, limit: MOST_RATED });
  const ids = rated.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((score) => score.entry_id);
  const entries = await Promise.all(
    ids.map((id) =>
      admin.core.get<StoredEntry>(entryPath(type, id)).catch((error: unknown) => {
        if (error instanceof AdminApiError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  return {
    entries: entries.filter((entry): entry is StoredEntry => entry !== null && entry.deleted_at === null),
    more: rated.length > page * PAGE_SIZE,
    capped: rated.length >= MOST_RATED,
  };
}
