import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import { readJson, writeJson } from '../../core/db/engine.js';
import './tables.js';
import type { Block } from '@tessera/blocks';
import type { PatternTable } from './tables.js';

export interface PatternRow extends Omit<Selectable<PatternTable>, 'blocks' | 'synced'> {
  synced: boolean;
  blocks: Block[];
}

function rowOf(row: Selectable<PatternTable>): PatternRow {
  return { ...row, synced: row.synced === 1, blocks: readJson(row.blocks, []) };
}

/** The block patterns of one site. */
export class PatternsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async list(category: string | undefined): Promise<PatternRow[]> {
    let query = this.db.selectFrom('patterns').selectAll();
    if (category !== undefined) query = query.where('category', '=', category);
    return (await query.orderBy('category').orderBy('name').orderBy('id').execute()).map(rowOf);
  }

  async byId(id: number): Promise<PatternRow | null> {
    const row = await this.db.selectFrom('patterns').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? rowOf(row) : null;
  }

  /** Synced patterns by id (a page shows them), in one query. */
  async synced(ids: readonly number[]): Promise<Map<number, PatternRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('patterns')
      .selectAll()
      .where('id', 'in', [...ids])
      .where('synced', '=', 1)
      .execute();
    return new Map(rows.map((row) => [row.id, rowOf(row)]));
  }

  async insert(values: Omit<PatternRow, 'id' | 'site_id' | 'version'>): Promise<number> {
    const row = await this.db
      .insertInto('patterns', {
        ...values,
        synced: values.synced ? 1 : 0,
        blocks: writeJson(values.blocks),
        version: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Writes the changes and moves the pattern to its next version, if it is still at `version` (any
   * version when null); false when someone got there first.
   */
  async update(
    id: number,
    version: number | null,
    changes: Partial<Omit<PatternRow, 'id' | 'site_id' | 'version'>>,
  ): Promise<boolean> {
    const { synced, blocks, ...rest } = changes;
    let query = this.db
      .updateTable('patterns')
      .set((eb) => ({
        ...rest,
        ...(synced === undefined ? {} : { synced: synced ? 1 : 0 }),
        ...(blocks === undefined ? {} : { blocks: writeJson(blocks) }),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', id);
    if (version !== null) query = query.where('version', '=', version);
    return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('patterns').where('id', '=', id).execute();
  }
}
