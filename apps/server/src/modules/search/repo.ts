import { sql } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import type { Engine } from '../../core/db/engine.js';
import './tables.js';
import { fts5Query, type SearchTerms, tsQuery } from './tokens.js';

export interface IndexedEntry {
  id: number;
  /** Title tokens and body tokens (tokens.ts indexTokens). */
  title: string;
  body: string;
  /** Plain text, for excerpts. */
  text: string;
}

export interface Hit {
  id: number;
  text: string;
}

/**
 * The search index of one site, on either engine. Hits are joined to the entries so only what is
 * published (and not in the trash) now is ever found, whatever the index still holds.
 */
export class SearchRepo {
  constructor(
    private readonly db: SiteScopedDb,
    private readonly engine: Pick<Engine, 'name'>,
  ) {}

  async put(entry: IndexedEntry): Promise<void> {
    await this.remove([entry.id]);
    if (this.engine.name === 'sqlite') {
      await this.db
        .insertInto('search_index', {
          rowid: entry.id,
          title: entry.title,
          body: entry.body,
          text: entry.text,
        })
        .execute();
      return;
    }
    await this.db
      .insertInto('search_documents', {
        entry_id: entry.id,
        // The weighted vector is computed by PostgreSQL from the tokens (typed as text for the builder).
        document: sql<string>`setweight(to_tsvector('simple', ${entry.title}), 'A') || setweight(to_tsvector('simple', ${entry.body}), 'B')`,
        text: entry.text,
      } as never)
      .execute();
  }

  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    if (this.engine.name === 'sqlite')
      await this.db.deleteFrom('search_index').where('rowid', 'in', ids).execute();
    else await this.db.deleteFrom('search_documents').where('entry_id', 'in', ids).execute();
  }

  async clear(): Promise<void> {
    if (this.engine.name === 'sqlite') await this.db.deleteFrom('search_index').execute();
    else await this.db.deleteFrom('search_documents').execute();
  }

  async isEmpty(): Promise<boolean> {
    const row =
      this.engine.name === 'sqlite'
        ? await this.db.selectFrom('search_index').select('rowid').limit(1).executeTakeFirst()
        : await this.db.selectFrom('search_documents').select('entry_id').limit(1).executeTakeFirst();
    return row === undefined;
  }

  /**
   * A page of published entries of the types matching every word, best first: a title match above
   * a body match (FTS5's bm25 with the title weighted 10 to 1; PostgreSQL's ts_rank with weights A
   * and B), then the newest.
   */
  async search(terms: SearchTerms, typeIds: readonly number[], limit: number, offset: number) {
    if (terms.words.length === 0 || typeIds.length === 0) return { hits: [] as Hit[], total: 0 };
    return this.engine.name === 'sqlite'
      ? this.searchSqlite(fts5Query(terms), typeIds, limit, offset)
      : this.searchPostgres(tsQuery(terms), typeIds, limit, offset);
  }

  private async searchSqlite(query: string, typeIds: readonly number[], limit: number, offset: number) {
    const matched = this.db
      .selectFrom('search_index')
      .innerJoin('entries', 'entries.id', 'search_index.rowid')
      .where(sql<boolean>`search_index match ${query}`)
      .where('entries.status', '=', 'published')
      .where('entries.deleted_at', 'is', null)
      .where('entries.type_id', 'in', typeIds);
    const counted = await matched.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const hits = await matched
      .select(['search_index.rowid as id', 'search_index.text'])
      .orderBy(sql`bm25(search_index, 10.0, 1.0)`)
      .orderBy('entries.published_at', 'desc')
      .orderBy('entries.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { hits, total: Number(counted.n) };
  }

  private async searchPostgres(query: string, typeIds: readonly number[], limit: number, offset: number) {
    const tsquery = sql`to_tsquery('simple', ${query})`;
    const matched = this.db
      .selectFrom('search_documents')
      .innerJoin('entries', 'entries.id', 'search_documents.entry_id')
      .where(sql<boolean>`search_documents.document @@ ${tsquery}`)
      .where('entries.status', '=', 'published')
      .where('entries.deleted_at', 'is', null)
      .where('entries.type_id', 'in', typeIds);
    const counted = await matched
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const hits = await matched
      .select(['search_documents.entry_id as id', 'search_documents.text'])
      .orderBy(sql`ts_rank(search_documents.document, ${tsquery})`, 'desc')
      .orderBy('entries.published_at', 'desc')
      .orderBy('entries.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { hits, total: Number(counted.n) };
  }
}
