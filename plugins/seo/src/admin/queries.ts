import type { AdminContext } from '@tessera/plugin/admin';
import type { ScoreContext } from '../entry-score.js';
import type { CheckStatus } from '../score/index.js';

/** GET /api/seo/context: what the panel scores with, and the language of entries not saved yet. */
export interface PanelContext extends ScoreContext {
  default_locale: string;
}

/** An entry as the core's API gives it, what the panel and the bulk editor read of it. */
export interface StoredEntry {
  id: number;
  type: string;
  title: string;
  slug: string;
  /** Site-relative, from the type's route pattern (with the locale's prefix). */
  url: string;
  locale: string;
  status: string;
  version: number;
  fields: Record<string, unknown>;
  deleted_at: string | null;
}

/** A content type as GET /api/content-types lists it, what the plugin reads of it. */
export interface ContentTypeSummary {
  slug: string;
  plural_label: string;
  route_pattern: string;
  plugin_fields: Array<{ key: string }>;
}

/** A stored score, GET /api/seo/scores. */
export interface StoredScore {
  entry_id: number;
  score: number;
  rating: CheckStatus;
  /** The title and description the page was given at that save (templates and fallbacks applied). */
  title: string;
  description: string;
}

/** Settings change rarely: the panel rescoring on each key press must not ask for them each time. */
const A_WHILE = 5 * 60_000;

export const contextQuery = (admin: AdminContext) => ({
  queryKey: ['seo', 'context'],
  queryFn: () => admin.api.get<PanelContext>('/context'),
  staleTime: A_WHILE,
});

export const contentTypesQuery = (admin: AdminContext) => ({
  queryKey: ['seo', 'content-types'],
  queryFn: () => admin.core.get<ContentTypeSummary[]>('/api/content-types'),
  staleTime: A_WHILE,
});

/** The entry as saved: its language and address, which the editor does not hand the panel. */
export const storedEntryQuery = (admin: AdminContext, type: string, id: number) => ({
  queryKey: ['seo', 'entry', type, id],
  queryFn: () => admin.core.get<StoredEntry>(`/api/content/${type}/${id}`),
  staleTime: A_WHILE,
});

export const entryPath = (type: string, id: number) => `/api/content/${type}/${id}`;
