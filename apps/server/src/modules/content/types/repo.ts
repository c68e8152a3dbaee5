import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson, writeJson } from '../../../core/db/engine.js';
import type { ContentTypeTable } from '../tables.js';
import type { ContentType, ContentTypeInput } from './content-type.js';

type Row = Selectable<ContentTypeTable>;

function typeOf(row: Row): ContentType {
  return {
    id: row.id,
    slug: row.slug,
    singular_label: row.singular_label,
    plural_label: row.plural_label,
    description: row.description,
    builtin: row.builtin === 1,
    fields: readJson(row.fields, []),
    taxonomies: readJson(row.taxonomies, []),
    display: readJson(row.display, { list_columns: [], icon: '', menu_position: 100 }),
    route_pattern: row.route_pattern,
    hierarchical: row.hierarchical === 1,
    has_archive: row.has_archive === 1,
    allows_comments: row.allows_comments === 1,
    uses_builder: row.uses_builder === 1,
    in_feed: row.in_feed === 1,
    owner: row.owner,
    // The active plugins' fields are the service's to add: they depend on the site's plugins.
    plugin_fields: [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function columnsOf(input: ContentTypeInput) {
  return {
    singular_label: input.singular_label,
    plural_label: input.plural_label,
    description: input.description,
    fields: writeJson(input.fields),
    taxonomies: writeJson(input.taxonomies),
    display: writeJson(input.display),
    route_pattern: input.route_pattern,
    hierarchical: input.hierarchical ? 1 : 0,
    has_archive: input.has_archive ? 1 : 0,
    allows_comments: input.allows_comments ? 1 : 0,
    uses_builder: input.uses_builder ? 1 : 0,
    in_feed: input.in_feed ? 1 : 0,
  };
}

/** The content types of one site. */
export class ContentTypesRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async all(): Promise<ContentType[]> {
    const rows = await this.db.selectFrom('content_types').selectAll().orderBy('id').execute();
    return rows.map(typeOf);
  }

  async insert(input: ContentTypeInput, at: string): Promise<number> {
    const row = await this.db
      .insertInto('content_types', {
        slug: input.slug,
        builtin: 0,
        ...columnsOf(input),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A plugin's type, added where it is active; a concurrent first request may have added it already. */
  async insertOwned(input: ContentTypeInput, owner: string, at: string): Promise<void> {
    await this.db
      .insertInto('content_types', {
        slug: input.slug,
        builtin: 0,
        owner,
        ...columnsOf(input),
        created_at: at,
        updated_at: at,
      })
      .onConflict((conflict) => conflict.columns(['site_id', 'slug']).doNothing())
      .execute();
  }

  /** Adds the built-in types a site lacks; concurrent first requests may race, the unique slug settles it. */
  async insertMissing(inputs: ContentTypeInput[], at: string): Promise<void> {
    await this.db
      .insertInto(
        'content_types',
        inputs.map((input) => ({
          slug: input.slug,
          builtin: 1,
          ...columnsOf(input),
          created_at: at,
          updated_at: at,
        })),
      )
      .onConflict((conflict) => conflict.columns(['site_id', 'slug']).doNothing())
      .execute();
  }

  async update(id: number, input: ContentTypeInput, at: string): Promise<void> {
    await this.db
      .updateTable('content_types')
      .set({ ...columnsOf(input), updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('content_types').where('id', '=', id).execute();
  }

  /** Entries of the type, trashed ones included: they would be lost with it. */
  async countEntries(typeId: number): Promise<number> {
    const row = await this.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('type_id', '=', typeId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every entry's field values of the type, for a change that migrates them. */
  async fieldValues(typeId: number): Promise<{ id: number; fields: Record<string, unknown> }[]> {
    const rows = await this.db
      .selectFrom('entries')
      .select(['id', 'fields'])
      .where('type_id', '=', typeId)
      .execute();
    return rows.map((row) => ({ id: row.id, fields: readJson(row.fields, {}) }));
  }

  async writeFieldValues(entryId: number, fields: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('entries')
      .set({ fields: writeJson(fields) })
      .where('id', '=', entryId)
      .execute();
  }

  async deleteEntriesOf(typeId: number): Promise<void> {
    // Children first would be needed for the parent key; clearing the parents of the type's entries
    // lets one statement remove them all.
    await this.db.updateTable('entries').set({ parent_id: null }).where('type_id', '=', typeId).execute();
    await this.db.deleteFrom('entries').where('type_id', '=', typeId).execute();
  }
}
