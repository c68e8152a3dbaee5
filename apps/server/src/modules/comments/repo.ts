import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import './tables.js';
import type { CommentStatus, CommentTable } from './tables.js';

export type CommentRow = Selectable<CommentTable>;

export interface CommentFilter {
  status?: CommentStatus;
  entryId?: number;
  text?: string;
}

/** The entry a comment is on, as the moderation list names it. */
export interface CommentedEntry {
  id: number;
  type: string;
  title: string;
}

/** Comments of one site. */
export class CommentsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async insert(values: Omit<CommentTable, 'id' | 'site_id'>): Promise<number> {
    const row = await this.db.insertInto('comments', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async byId(id: number): Promise<CommentRow | null> {
    return (await this.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async byIds(ids: readonly number[]): Promise<CommentRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('comments').selectAll().where('id', 'in', ids).execute();
  }

  async update(id: number, changes: Partial<Omit<CommentTable, 'id' | 'site_id'>>): Promise<void> {
    await this.db.updateTable('comments').set(changes).where('id', '=', id).execute();
  }

  async delete(ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('comments').where('id', 'in', ids).execute();
  }

  /** Whether the address has an approved comment on the site: a known commenter. */
  async hasApproved(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('comments')
      .select('id')
      .where('author_email', '=', email)
      .where('status', '=', 'approved')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async list(filter: CommentFilter, page: number, limit: number) {
    let query = this.db.selectFrom('comments');
    if (filter.status) query = query.where('status', '=', filter.status);
    else query = query.where('status', '!=', 'trash');
    if (filter.entryId !== undefined) query = query.where('entry_id', '=', filter.entryId);
    if (filter.text) {
      const pattern = `%${filter.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      // ESCAPE names the backslash on both engines: SQLite's LIKE has no escape character otherwise.
      query = query.where((eb) =>
        eb.or(
          (['body', 'author_name', 'author_email'] as const).map(
            (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { rows, total: Number(counted.n) };
  }

  /** An entry's approved comments, oldest first (threads are put together by the caller). */
  approvedOf(entryId: number): Promise<CommentRow[]> {
    return this.db
      .selectFrom('comments')
      .selectAll()
      .where('entry_id', '=', entryId)
      .where('status', '=', 'approved')
      .orderBy('id')
      .execute();
  }

  /** How many approved comments each of the entries has; an entry without any is left out. */
  async approvedCounts(entryIds: readonly number[]): Promise<Map<number, number>> {
    if (entryIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('comments')
      .select(['entry_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('entry_id', 'in', entryIds)
      .where('status', '=', 'approved')
      .groupBy('entry_id')
      .execute();
    return new Map(rows.map((row) => [row.entry_id, Number(row.n)]));
  }

  /** The entries comments are on, with their type's slug: what a moderator needs to find the post. */
  async entriesOf(ids: readonly number[]): Promise<Map<number, CommentedEntry>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('entries')
      .innerJoin('content_types', 'content_types.id', 'entries.type_id')
      .select(['entries.id as id', 'entries.title as title', 'content_types.slug as type'])
      .where('entries.id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async isClosed(entryId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('entry_discussions')
      .select('closed')
      .where('entry_id', '=', entryId)
      .executeTakeFirst();
    return row?.closed === 1;
  }

  async setClosed(entryId: number, closed: boolean): Promise<void> {
    await this.db.deleteFrom('entry_discussions').where('entry_id', '=', entryId).execute();
    await this.db.insertInto('entry_discussions', { entry_id: entryId, closed: closed ? 1 : 0 }).execute();
  }
}
