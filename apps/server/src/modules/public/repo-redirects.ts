import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import './tables.js';
import type { RedirectTable } from './tables.js';

export type RedirectRow = Selectable<RedirectTable>;

/** The hand-made redirects of one site. */
export class RedirectsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async page(page: number, limit: number): Promise<{ rows: RedirectRow[]; total: number }> {
    const counted = await this.db
      .selectFrom('redirects')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('redirects')
      .selectAll()
      .orderBy('from_path')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { rows, total: Number(counted.n) };
  }

  async byId(id: number): Promise<RedirectRow | null> {
    return (
      (await this.db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    );
  }

  /** Every address the site redirects. */
  async paths(): Promise<string[]> {
    const rows = await this.db.selectFrom('redirects').select('from_path').execute();
    return rows.map((row) => row.from_path);
  }

  async byPath(path: string): Promise<RedirectRow | null> {
    return (
      (await this.db.selectFrom('redirects').selectAll().where('from_path', '=', path).executeTakeFirst()) ??
      null
    );
  }

  async insert(values: Omit<RedirectTable, 'id' | 'site_id' | 'hits' | 'last_hit_at'>): Promise<number> {
    const row = await this.db
      .insertInto('redirects', { ...values, hits: 0, last_hit_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Partial<Omit<RedirectTable, 'id' | 'site_id'>>): Promise<void> {
    await this.db.updateTable('redirects').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('redirects').where('id', '=', id).execute();
  }

  async countHit(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('redirects')
      .set((eb) => ({ hits: eb('hits', '+', 1), last_hit_at: at }))
      .where('id', '=', id)
      .execute();
  }
}
