import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import type { NewsletterListTable } from '../tables.js';
import '../tables.js';

export interface ListView {
  id: number;
  name: string;
  description: string;
  public: boolean;
  subscriber_count: number;
  created_at: string;
  updated_at: string;
}

export type ListChanges = Partial<Pick<ListView, 'name' | 'description' | 'public'>>;

/** One site's newsletter lists. */
export class ListsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  /** The lists by name, each with how many subscribers it has (whatever their status). */
  async all(): Promise<ListView[]> {
    const rows = await this.db
      .selectFrom('newsletter_lists as l')
      .leftJoin('newsletter_memberships as m', 'm.list_id', 'l.id')
      .selectAll('l')
      .select((eb) => eb.fn.count<number | string>('m.subscriber_id').as('subscriber_count'))
      .groupBy(['l.id', 'l.site_id', 'l.name', 'l.description', 'l.public', 'l.created_at', 'l.updated_at'])
      .orderBy('l.name')
      .execute();
    return rows.map((row) => viewOf(row, Number(row.subscriber_count)));
  }

  async byId(id: number): Promise<ListView | null> {
    return (await this.all()).find((list) => list.id === id) ?? null;
  }

  async byName(name: string): Promise<Selectable<NewsletterListTable> | undefined> {
    return this.db.selectFrom('newsletter_lists').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** Of `ids`, those that are this site's lists. */
  async existing(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('newsletter_lists').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  /** The public lists, by name: what the site's form and a subscriber's page offer. */
  async publicLists(): Promise<Array<{ id: number; name: string; description: string }>> {
    return this.db
      .selectFrom('newsletter_lists')
      .select(['id', 'name', 'description'])
      .where('public', '=', 1)
      .orderBy('name')
      .execute();
  }

  async insert(values: { name: string; description: string; public: boolean; at: string }): Promise<number> {
    const row = await this.db
      .insertInto('newsletter_lists', {
        name: values.name,
        description: values.description,
        public: values.public ? 1 : 0,
        created_at: values.at,
        updated_at: values.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: ListChanges, at: string): Promise<void> {
    const { public: shown, ...rest } = changes;
    await this.db
      .updateTable('newsletter_lists')
      .set({ ...rest, ...(shown === undefined ? {} : { public: shown ? 1 : 0 }), updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('newsletter_memberships').where('list_id', '=', id).execute();
    await this.db.deleteFrom('newsletter_lists').where('id', '=', id).execute();
  }
}

function viewOf(row: Selectable<NewsletterListTable>, count: number): ListView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public: row.public === 1,
    subscriber_count: count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
