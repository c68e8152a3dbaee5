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

/** What the panel compares with the site's other entries, as it is on screen (debounced). */
export interface DuplicateQuestion {
  locale: string;
  title: string;
  entryTitle: string;
  description: string;
  id: number | null;
}

/** The site's other titles and descriptions equal to the entry's: its live duplicate checks. */
export const duplicatesQuery = (admin: AdminContext, asked: DuplicateQuestion) => ({
  queryKey: ['seo', 'duplicates', asked],
  queryFn: () =>
    admin.api.get<{ titles: string[]; descriptions: string[] }>('/duplicates', {
      locale: asked.locale,
      title: asked.title,
      entry_title: asked.entryTitle,
      description: asked.description,
      ...(asked.id === null ? {} : { id: asked.id }),
    }),
  staleTime: A_WHILE,
  // The checks go on without them until they come: a slow answer keeps the last one shown.
  placeholderData: (previous: { titles: string[]; descriptions: string[] } | undefined) => previous,
});

export const entryPath = (type: string, id: number) => `/api/content/${type}/${id}`;
