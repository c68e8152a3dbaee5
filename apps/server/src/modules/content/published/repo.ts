import type { ExpressionBuilder } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson } from '../../../core/db/engine.js';
import type { Database } from '../../../core/db/schema.js';
import type { EntryState } from '../entries/entry.js';
import { liveSince } from './live-since.js';

/** A published entry as the public sees it: its live version, not the working copy. */
export interface PublishedRow {
  id: number;
  type_id: number;
  locale: string;
  live: EntryState;
  live_path: string;
  published_at: string;
  /** When its live version went live (live-since.ts): later draft saves leave it be. */
  updated_at: string;
}

export interface TermRef {
  id: number;
  taxonomy: string;
  name: string;
  slug: string;
}

/** Queries of what is published on one site. */
/** What a list of published entries is narrowed to. */
interface Filters {
  termId?: number | undefined;
  locale?: string | undefined;
  authorId?: number | undefined;
}

export class PublishedRepo {
  constructor(private readonly db: SiteScopedDb) {}

  /** The newest published entries of the types, optionally in one locale and filed under a term. */
  async latest(
    typeIds: readonly number[],
    limit: number,
    only: Filters & { offset?: number; order?: 'newest' | 'oldest' | 'title' } = {},
  ): Promise<PublishedRow[]> {
    if (typeIds.length === 0) return [];
    let query = this.filtered(typeIds, only).select((eb) => [
      'id',
      'type_id',
      'locale',
      'live',
      'live_path',
      'published_at',
      liveSinceColumn(eb).as('updated_at'),
    ]);
    const order = only.order ?? 'newest';
    if (order === 'title') query = query.orderBy('title', 'asc');
    const direction = order === 'oldest' ? 'asc' : 'desc';
    const rows = await query
      .orderBy('published_at', direction)
      .orderBy('id', direction)
      .limit(limit)
      .offset(only.offset ?? 0)
      .execute();
    return rows.flatMap(toPublished);
  }

  /** How many entries `latest` pages through. */
  async countLatest(typeIds: readonly number[], only: Filters = {}): Promise<number> {
    if (typeIds.length === 0) return 0;
    const row = await this.filtered(typeIds, only)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private filtered(typeIds: readonly number[], only: Filters) {
    let query = this.db
      .selectFrom('entries')
      .where('status', '=', 'published')
      .where('deleted_at', 'is', null)
      .where('live', 'is not', null)
      .where('type_id', 'in', typeIds);
    if (only.locale !== undefined) query = query.where('locale', '=', only.locale);
    if (only.authorId !== undefined) query = query.where('author_id', '=', only.authorId);
    const { termId } = only;
    if (termId !== undefined)
      query = query.where('id', 'in', (eb) =>
        eb.selectFrom('entry_terms').select('entry_id').where('term_id', '=', termId),
      );
    return query;
  }

  /** The published ones among `ids`, in no particular order. */
  async byIds(ids: readonly number[]): Promise<PublishedRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.published().where('id', 'in', ids).execute();
    return rows.flatMap(toPublished);
  }

  /** The published entries of an entry's translation group, itself included. */
  async translationsOf(entryId: number): Promise<PublishedRow[]> {
    const group = await this.db
      .selectFrom('entries')
      .select('translation_group_id')
      .where('id', '=', entryId)
      .executeTakeFirst();
    if (!group) return [];
    const rows = await this.published()
      .where('translation_group_id', '=', group.translation_group_id)
      .execute();
    return rows.flatMap(toPublished);
  }

  /** Published entries by id after `afterId`, `limit` of them: a whole site read in batches. */
  async pageAfter(afterId: number, limit: number): Promise<PublishedRow[]> {
    const rows = await this.published().where('id', '>', afterId).orderBy('id').limit(limit).execute();
    return rows.flatMap(toPublished);
  }

  /** The published entry of a type at a live path in a locale. */
  async atPath(typeId: number, locale: string, livePath: string): Promise<PublishedRow | null> {
    const row = await this.published()
      .where('type_id', '=', typeId)
      .where('locale', '=', locale)
      .where('live_path', '=', livePath)
      .executeTakeFirst();
    return row ? (toPublished(row)[0] ?? null) : null;
  }

  /** The entry of a type that once lived at `oldPath` in a locale (slug and parent changes). */
  async movedFrom(typeId: number, locale: string, oldPath: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('entry_redirects')
      .innerJoin('entries', 'entries.id', 'entry_redirects.entry_id')
      .select('entry_redirects.entry_id')
      .where('entry_redirects.locale', '=', locale)
      .where('entry_redirects.old_path', '=', oldPath)
      .where('entries.type_id', '=', typeId)
      .orderBy('entry_redirects.created_at', 'desc')
      .executeTakeFirst();
    return row?.entry_id ?? null;
  }

  private published() {
    return this.db
      .selectFrom('entries')
      .select((eb) => [
        'id',
        'type_id',
        'locale',
        'live',
        'live_path',
        'published_at',
        liveSinceColumn(eb).as('updated_at'),
      ])
      .where('status', '=', 'published')
      .where('deleted_at', 'is', null)
      .where('live', 'is not', null);
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

function toPublished(row: {
  id: number;
  type_id: number;
  locale: string;
  live: unknown;
  live_path: string | null;
  published_at: string | null;
  updated_at: string;
}): PublishedRow[] {
  const live = readJson<EntryState | null>(row.live as string | null, null);
  if (!live || row.live_path === null || row.published_at === null) return [];
  return [{ ...row, live, live_path: row.live_path, published_at: row.published_at }];
}

/**
 * The same for a query of `entries` alone, as a column: read from the live revision by its key, else
 * (an entry published before revisions were kept) the entry's own last change.
 */
function liveSinceColumn(eb: ExpressionBuilder<Database, 'entries'>) {
  return eb.fn
    .coalesce(
      eb
        .selectFrom('revisions')
        .select((inner) => liveSince(inner).as('since'))
        .whereRef('revisions.id', '=', 'entries.live_revision_id'),
      eb.ref('entries.updated_at'),
    )
    .$castTo<string>();
}
