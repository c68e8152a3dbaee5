import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson } from '../../../core/db/engine.js';
import type { EntryState } from '../entries/entry.js';
import { type Entry, entryOf } from '../entries/repo.js';
import type { Revision } from '../revisions/repo.js';
import type { EntryRelationTable } from '../tables.js';

/** The whole-site reads and writes of export and import. */
export class TransferRepo {
  constructor(private readonly db: SiteScopedDb) {}

  /** Every entry, parents before their children (a parent always has the smaller depth). */
  async allEntries(): Promise<Entry[]> {
    const rows = await this.db.selectFrom('entries').selectAll().orderBy('id').execute();
    return rows.map(entryOf);
  }

  async allRevisions(): Promise<Revision[]> {
    const rows = await this.db
      .selectFrom('revisions')
      .selectAll()
      .orderBy('entry_id')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, state: readJson<EntryState>(row.state, {} as EntryState) }));
  }

  async allEntryTerms(): Promise<{ entry_id: number; term_id: number }[]> {
    return this.db
      .selectFrom('entry_terms')
      .select(['entry_id', 'term_id'])
      .orderBy('entry_id')
      .orderBy('term_id')
      .execute();
  }

  async allTerms() {
    return this.db
      .selectFrom('terms')
      .innerJoin('taxonomies', 'taxonomies.id', 'terms.taxonomy_id')
      .select([
        'terms.id',
        'taxonomies.slug as taxonomy',
        'terms.name',
        'terms.slug',
        'terms.description',
        'terms.parent_id',
        'terms.position',
      ])
      .orderBy('terms.id')
      .execute();
  }

  async countEntries(): Promise<number> {
    const row = await this.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async newTranslationGroup(at: string): Promise<number> {
    const row = await this.db
      .insertInto('translation_groups', { created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async insertEntryRow(values: Parameters<SiteScopedDb['insertInto']>[1] & object): Promise<number> {
    const row = await this.db
      .insertInto('entries', values as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (row as { id: number }).id;
  }

  async insertRevisionRow(values: object): Promise<number> {
    const row = await this.db
      .insertInto('revisions', values as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    return (row as { id: number }).id;
  }

  async insertEntryTerms(rows: { entry_id: number; term_id: number }[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('entry_terms', rows).execute();
  }

  async insertRelations(rows: Omit<EntryRelationTable, 'site_id'>[]): Promise<void> {
    if (rows.length > 0) await this.db.insertInto('entry_relations', rows).execute();
  }

  async setEntry(id: number, changes: object): Promise<void> {
    await this.db
      .updateTable('entries')
      .set(changes as never)
      .where('id', '=', id)
      .execute();
  }
}
