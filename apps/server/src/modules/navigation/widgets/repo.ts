import type { Block } from '@tessera/blocks';
import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson, writeJson } from '../../../core/db/engine.js';
import '../tables.js';
import type { WidgetTable } from '../tables.js';
import type { WidgetVisibility } from './visibility.js';

export interface WidgetRow {
  id: number;
  zone: string;
  position: number;
  block: Block;
  visibility: WidgetVisibility;
  created_at: string;
  updated_at: string;
}

const EVERYWHERE: WidgetVisibility = { show_on: 'everywhere', types: [], locales: [] };

function rowOf(row: Selectable<WidgetTable>): WidgetRow {
  return {
    id: row.id,
    zone: row.zone,
    position: row.position,
    block: readJson(row.block, { id: 'missing', type: 'spacer', props: {} } as Block),
    visibility: { ...EVERYWHERE, ...readJson<Partial<WidgetVisibility>>(row.visibility, {}) },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The widgets of one site. */
export class WidgetsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async list(zone?: string): Promise<WidgetRow[]> {
    let query = this.db.selectFrom('widgets').selectAll();
    if (zone !== undefined) query = query.where('zone', '=', zone);
    return (await query.orderBy('zone').orderBy('position').orderBy('id').execute()).map(rowOf);
  }

  async byId(id: number): Promise<WidgetRow | null> {
    const row = await this.db.selectFrom('widgets').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? rowOf(row) : null;
  }

  async insert(values: Omit<WidgetRow, 'id'>): Promise<number> {
    const row = await this.db
      .insertInto('widgets', {
        ...values,
        block: writeJson(values.block),
        visibility: writeJson(values.visibility),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Partial<Omit<WidgetRow, 'id' | 'created_at'>>): Promise<void> {
    const { block, visibility, ...rest } = changes;
    await this.db
      .updateTable('widgets')
      .set({
        ...rest,
        ...(block === undefined ? {} : { block: writeJson(block) }),
        ...(visibility === undefined ? {} : { visibility: writeJson(visibility) }),
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('widgets').where('id', '=', id).execute();
  }
}
