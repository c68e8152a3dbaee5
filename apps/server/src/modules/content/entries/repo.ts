import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson } from '../../../core/db/engine.js';
import type { ListFilterSource } from '../../../core/plugins/plugin-content.js';
import type { EntryTable } from '../tables.js';
import type { EntryState, EntryStatus } from './entry.js';

/** An entry row as services use it: JSON read, terms not included. */
export interface Entry {
  id: number;
  type_id: number;
  title: string;
  slug: string;
  path: string;
  status: EntryStatus;
  locale: string;
  parent_id: number | null;
  translation_group_id: number;
  author_id: number | null;
  excerpt: string;
  featured_media_id: number | null;
  fields: Record<string, unknown>;
  blocks: unknown[];
  position: number;
  version: number;
  live: EntryState | null;
  live_path: string | null;
  live_revision_id: number | null;
  live_version: number | null;
  published_at: string | null;
  publish_at: string | null;
  review_note: string | null;
  lock_user_id: number | null;
  lock_taken_at: string | null;
  lock_seen_at: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export function entryOf(row: Omit<Selectable<EntryTable>, 'live'> & { live?: unknown }): Entry {
  return {
    ...row,
    fields: readJson(row.fields, {}),
    blocks: readJson(row.blocks, []),
    live: readJson<EntryState | null>(row.live, null),
  };
}

const LIST_COLUMNS = [
  'id',
  'site_id',
  'type_id',
  'title',
  'slug',
  'path',
  'status',
  'locale',
  'parent_id',
  'translation_group_id',
  'author_id',
  'excerpt',
  'featured_media_id',
  'fields',
  'blocks',
  'position',
  'version',
  'live_path',
  'live_revision_id',
  'live_version',
  'published_at',
  'publish_at',
  'review_note',
  'lock_user_id',
  'lock_taken_at',
  'lock_seen_at',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

export type EntryInsert = Omit<Insertable<EntryTable>, 'site_id' | 'id'>;
export type EntryChanges = Omit<Updateable<EntryTable>, 'site_id' | 'id' | 'type_id'>;

export type EntrySort = 'created_at' | 'updated_at' | 'published_at' | 'title' | 'position';

export interface EntryFilter {
  status?: EntryStatus | 'trash' | 'any';
  authorId?: number;
  /** null lists top-level entries. */
  parentId?: number | null;
  termId?: number;
  locale?: string;
  text?: string;
  /** On `dateField`, inclusive bounds. */
  from?: string;
  to?: string;
  dateField?: 'created_at' | 'updated_at' | 'published_at';
  sort: EntrySort;
  order: 'asc' | 'desc';
  /** A plugin's list filter as the request named it (`seo.rating` and `good`); the service resolves it. */
  asked?: { key: string; value: string };
  /** That filter resolved: entries whose row in the plugin's table holds `value`. */
  plugin?: ListFilterSource & { value: string };
  /** Others' entries only once published: what a caller who may not edit them sees (set by the service). */
  ownOrPublished?: number;
}

/** Whether a list is narrowed by nothing but its status (the admin's lists, mostly). */
function onlyByStatus(filter: EntryFilter): boolean {
  return (
    filter.authorId === undefined &&
    filter.ownOrPublished === undefined &&
    filter.parentId === undefined &&
    filter.termId === undefined &&
    filter.locale === undefined &&
    filter.plugin === undefined &&
    !filter.text &&
    !filter.from &&
    !filter.to
  );
}

/** Characters LIKE treats specially, escaped so a search for "100%" finds "100%". */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Entries of one site: the working copies, their places in the tree, their terms and relations. */
export class EntriesRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async byId(id: number): Promise<Entry | null> {
    const row = await this.db.selectFrom('entries').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? entryOf(row) : null;
  }

  async byIds(ids: readonly number[]): Promise<Entry[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('entries').selectAll().where('id', 'in', ids).execute();
    return rows.map(entryOf);
  }

  async list(
    typeId: number,
    filter: EntryFilter,
    page: number,
    limit: number,
  ): Promise<{ items: Entry[]; total: number }> {
    let query = this.db.selectFrom('entries').where('type_id', '=', typeId);
    if (filter.status === 'trash') query = query.where('deleted_at', 'is not', null);
    else {
      query = query.where('deleted_at', 'is', null);
      if (filter.status && filter.status !== 'any') query = query.where('status', '=', filter.status);
    }
    if (filter.authorId !== undefined) query = query.where('author_id', '=', filter.authorId);
    if (filter.ownOrPublished !== undefined) {
      const userId = filter.ownOrPublished;
      query = query.where((eb) => eb.or([eb('author_id', '=', userId), eb('status', '=', 'published')]));
    }
    if (filter.parentId !== undefined)
      query =
        filter.parentId === null
          ? query.where('parent_id', 'is', null)
          : query.where('parent_id', '=', filter.parentId);
    if (filter.locale !== undefined) query = query.where('locale', '=', filter.locale);
    if (filter.text) {
      const pattern = likePattern(filter.text.toLowerCase());
      query = query.where((eb) => eb(eb.fn('lower', ['title']), 'like', eb.val(pattern)));
    }
    const dateField = filter.dateField ?? 'created_at';
    if (filter.from) query = query.where(dateField, '>=', filter.from);
    if (filter.to) query = query.where(dateField, '<=', filter.to);
    if (filter.termId !== undefined) {
      const termId = filter.termId;
      query = query.where('id', 'in', (eb) =>
        eb.selectFrom('entry_terms').select('entry_id').where('term_id', '=', termId),
      );
    }
    if (filter.plugin) {
      const { table, entryColumn, valueColumn, value } = filter.plugin;
      // A plugin's own table (checked when it was declared), so neither typed nor site-scoped by
      // the handle: the site's condition is written here.
      const siteId = this.db.siteId;
      query = query.where('id', 'in', (eb) =>
        eb
          .selectFrom(sql.table(table).as('plugin_rows'))
          .select(sql.ref<number>(`plugin_rows.${entryColumn}`).as('entry_id'))
          .where(sql.ref(`plugin_rows.site_id`), '=', siteId)
          .where(sql.ref(`plugin_rows.${valueColumn}`), '=', value),
      );
    }
    const total = onlyByStatus(filter)
      ? await this.countByStatus(typeId, filter.status)
      : Number(
          (await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n,
        );
    // Lists leave out the published snapshot: it is the largest column and no list shows it.
    const rows = await query
      .select(LIST_COLUMNS)
      .orderBy(filter.sort, filter.order)
      .orderBy('id', filter.order)
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { items: rows.map(entryOf), total };
  }

  /** The total of a list filtered by status alone, from the counts the triggers keep. */
  private async countByStatus(typeId: number, status: EntryFilter['status']): Promise<number> {
    let query = this.db
      .selectFrom('entry_counts')
      .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
      .where('type_id', '=', typeId)
      .where('trashed', '=', status === 'trash' ? 1 : 0);
    if (status && status !== 'any' && status !== 'trash') query = query.where('status', '=', status);
    return Number((await query.executeTakeFirst())?.n ?? 0);
  }

  async insert(values: EntryInsert): Promise<number> {
    const row = await this.db.insertInto('entries', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Writes `changes` only if the entry is still at `version`, moving it to the next: the check and
   * the write are one statement, so two saves based on the same version cannot both succeed.
   */
  async updateAtVersion(id: number, version: number, changes: EntryChanges): Promise<boolean> {
    const result = await this.db
      .updateTable('entries')
      .set({ ...changes, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Changes that are not edits of the content (workflow, lock, paths): no version step. */
  async update(id: number, changes: EntryChanges): Promise<void> {
    await this.db.updateTable('entries').set(changes).where('id', '=', id).execute();
  }

  /** The entries of a translation group, trashed ones left out. */
  async inGroup(groupId: number): Promise<Entry[]> {
    const rows = await this.db
      .selectFrom('entries')
      .selectAll()
      .where('translation_group_id', '=', groupId)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map(entryOf);
  }

  /** Trashed entries that went to the trash before `cutoff`, oldest first. */
  async trashedBefore(cutoff: string): Promise<{ id: number; type_id: number }[]> {
    return this.db
      .selectFrom('entries')
      .select(['id', 'type_id'])
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .orderBy('deleted_at')
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('entries').where('id', '=', id).execute();
  }

  async newTranslationGroup(at: string): Promise<number> {
    const row = await this.db
      .insertInto('translation_groups', { created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Slugs among the live siblings (same type, locale and parent) that equal `base` or extend it with -n. */
  async siblingSlugs(
    sibling: { typeId: number; locale: string; parentId: number | null },
    base: string,
    exceptId: number | null,
  ): Promise<string[]> {
    let query = this.db
      .selectFrom('entries')
      .select('slug')
      .where('type_id', '=', sibling.typeId)
      .where('locale', '=', sibling.locale)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
    query =
      sibling.parentId === null
        ? query.where('parent_id', 'is', null)
        : query.where('parent_id', '=', sibling.parentId);
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return (await query.execute()).map((row) => row.slug);
  }

  /** Every entry below `id` in the tree, nearest first, with its path. */
  async descendants(
    id: number,
  ): Promise<{ id: number; parent_id: number | null; slug: string; path: string; locale: string }[]> {
    return this.db
      .withRecursive('tree(id, parent_id, slug, path, locale, depth)', (q) =>
        q
          .selectFrom('entries')
          .select(['id', 'parent_id', 'slug', 'path', 'locale', (eb) => eb.lit(1).as('depth')])
          .where('parent_id', '=', id)
          .unionAll(
            q
              .selectFrom('entries as child')
              .innerJoin('tree', 'tree.id', 'child.parent_id')
              .select([
                'child.id',
                'child.parent_id',
                'child.slug',
                'child.path',
                'child.locale',
                (eb) => eb(eb.ref('tree.depth'), '+', eb.lit(1)).as('depth'),
              ]),
          ),
      )
      .selectFrom('tree')
      .select(['id', 'parent_id', 'slug', 'path', 'locale'])
      .orderBy('depth')
      .execute() as Promise<
      { id: number; parent_id: number | null; slug: string; path: string; locale: string }[]
    >;
  }

  async childIds(id: number): Promise<number[]> {
    const rows = await this.db.selectFrom('entries').select('id').where('parent_id', '=', id).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Term ids by taxonomy slug, for each entry. Two lookups by key rather than one join: joined,
   * SQLite's planner starts from a popular term and walks all of its entries.
   */
  /**
   * The entries' terms by taxonomy, of the `taxonomies` their type has now: terms left from a
   * taxonomy since detached from the type are no part of the entry, and its next save drops them.
   */
  async termsOf(
    entryIds: readonly number[],
    taxonomies: readonly string[],
  ): Promise<Map<number, Record<string, number[]>>> {
    const terms = new Map<number, Record<string, number[]>>();
    if (entryIds.length === 0) return terms;
    const links = await this.db
      .selectFrom('entry_terms')
      .select(['entry_id', 'term_id'])
      .where('entry_id', 'in', entryIds)
      .orderBy('entry_id')
      .orderBy('term_id')
      .execute();
    if (links.length === 0) return terms;
    const rows = await this.db
      .selectFrom('terms')
      .innerJoin('taxonomies', 'taxonomies.id', 'terms.taxonomy_id')
      .select(['terms.id', 'taxonomies.slug'])
      .where('terms.id', 'in', [...new Set(links.map((link) => link.term_id))])
      .execute();
    const taxonomyOf = new Map(rows.map((row) => [row.id, row.slug]));
    for (const { entry_id, term_id } of links) {
      const slug = taxonomyOf.get(term_id);
      if (slug === undefined || !taxonomies.includes(slug)) continue;
      const own = terms.get(entry_id) ?? {};
      own[slug] = [...(own[slug] ?? []), term_id];
      terms.set(entry_id, own);
    }
    return terms;
  }

  /** Terms of a taxonomy among `ids`: what exists of what a client sent. */
  async termIdsIn(taxonomy: string, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('terms')
      .innerJoin('taxonomies', 'taxonomies.id', 'terms.taxonomy_id')
      .select('terms.id')
      .where('taxonomies.slug', '=', taxonomy)
      .where('terms.id', 'in', ids)
      .execute();
    return rows.map((row) => row.id);
  }

  async termIdBySlug(taxonomy: string, slug: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('terms')
      .innerJoin('taxonomies', 'taxonomies.id', 'terms.taxonomy_id')
      .select('terms.id')
      .where('taxonomies.slug', '=', taxonomy)
      .where('terms.slug', '=', slug)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The entry's terms become exactly `terms`: every taxonomy's, and none of a taxonomy not listed. */
  async replaceTerms(entryId: number, terms: Record<string, number[]>): Promise<void> {
    await this.db.deleteFrom('entry_terms').where('entry_id', '=', entryId).execute();
    const rows = [...new Set(Object.values(terms).flat())].map((termId) => ({
      entry_id: entryId,
      term_id: termId,
    }));
    if (rows.length > 0) await this.db.insertInto('entry_terms', rows).execute();
  }

  /** The entry's relation rows, replaced by what its field values name now. */
  async replaceRelations(entryId: number, relations: { field: string; toId: number }[]): Promise<void> {
    await this.db.deleteFrom('entry_relations').where('from_id', '=', entryId).execute();
    if (relations.length === 0) return;
    await this.db
      .insertInto(
        'entry_relations',
        relations.map((relation, position) => ({
          from_id: entryId,
          field: relation.field,
          to_id: relation.toId,
          position,
        })),
      )
      .execute();
  }

  /** Who points at the entry through a relation field: entry id and field path. */
  async referencesTo(entryId: number): Promise<{ from_id: number; field: string }[]> {
    return this.db
      .selectFrom('entry_relations')
      .select(['from_id', 'field'])
      .where('to_id', '=', entryId)
      .orderBy('from_id')
      .execute();
  }

  /** Entries among `ids` that exist on the site, are of one of `typeIds` and not trashed. */
  async existingOf(ids: readonly number[], typeIds: readonly number[] | null): Promise<Entry[]> {
    if (ids.length === 0) return [];
    let query = this.db
      .selectFrom('entries')
      .selectAll()
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null);
    if (typeIds) query = query.where('type_id', 'in', typeIds);
    return (await query.execute()).map(entryOf);
  }

  /**
   * Whether the user belongs to the site (an entry's author must). Membership is identity's table,
   * read here through the site-scoped handle so the check cannot reach another site.
   */
  async isSiteMember(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('site_members')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async recordRedirect(locale: string, oldPath: string, entryId: number, at: string): Promise<void> {
    await this.db
      .insertInto('entry_redirects', { locale, old_path: oldPath, entry_id: entryId, created_at: at })
      .onConflict((conflict) =>
        conflict
          .columns(['site_id', 'locale', 'old_path'])
          .doUpdateSet({ entry_id: entryId, created_at: at }),
      )
      .execute();
  }
}
