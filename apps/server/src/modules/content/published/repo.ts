import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson } from '../../../core/db/engine.js';
import type { EntryState } from '../entries/entry.js';

/** A published entry as the public sees it: its live version, not the working copy. */
export interface PublishedRow {
  id: number;
  type_id: number;
  locale: string;
  live: EntryState;
  live_path: string;
  published_at: string;
  updated_at: string;
}

export interface TermRef {
  id: number;
  taxonomy: string;
  name: string;
  slug: string;
}

/** Queries of what is published on one site. */
export class PublishedRepo {
  constructor(private readonly db: SiteScopedDb) {}

  /** The newest published entries of the types, optionally in one locale and filed under a term. */
  async latest(
    typeIds: readonly number[],
    limit: number,
    only: { termId?: number | undefined; locale?: string | undefined } = {},
  ): Promise<PublishedRow[]> {
    const { termId, locale } = only;
    if (typeIds.length === 0) return [];
    let query = this.db
      .selectFrom('entries')
      .select(['id', 'type_id', 'locale', 'live', 'live_path', 'published_at', 'updated_at'])
      .where('type_id', 'in', typeIds)
      .where('status', '=', 'published')
      .where('deleted_at', 'is', null)
      .where('live', 'is not', null);
    if (locale !== undefined) query = query.where('locale', '=', locale);
    if (termId !== undefined)
      query = query.where('id', 'in', (eb) =>
        eb.selectFrom('entry_terms').select('entry_id').where('term_id', '=', termId),
      );
    const rows = await query.orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.flatMap((row) => {
      const live = readJson<EntryState | null>(row.live, null);
      if (!live || row.live_path === null || row.published_at === null) return [];
      return [{ ...row, live, live_path: row.live_path, published_at: row.published_at }];
    });
  }

  async termBySlug(taxonomy: string, slug: string): Promise<TermRef | null> {
    const row = await this.db
      .selectFrom('terms')
      .innerJoin('taxonomies', 'taxonomies.id', 'terms.taxonomy_id')
      .select(['terms.id', 'terms.name', 'terms.slug', 'taxonomies.slug as taxonomy'])
      .where('taxonomies.slug', '=', taxonomy)
      .where('terms.slug', '=', slug)
      .executeTakeFirst();
    return row ?? null;
  }

  async termsByIds(ids: readonly number[]): Promise<Map<number, TermRef>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('terms')
      .innerJoin('taxonomies', 'taxonomies.id', 'terms.taxonomy_id')
      .select(['terms.id', 'terms.name', 'terms.slug', 'taxonomies.slug as taxonomy'])
      .where('terms.id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }
}
