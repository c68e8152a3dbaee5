import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import '../tables.js';
import type { MenuItemTable, MenuTable } from '../tables.js';

export type MenuRow = Selectable<MenuTable>;
export type MenuItemRow = Selectable<MenuItemTable>;
export type NewMenuItem = Omit<MenuItemTable, 'id' | 'site_id'>;

/** The menus of one site and their items. */
export class MenusRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async all(): Promise<MenuRow[]> {
    return this.db.selectFrom('menus').selectAll().orderBy('name').orderBy('id').execute();
  }

  async byId(id: number): Promise<MenuRow | null> {
    return (await this.db.selectFrom('menus').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async byLocation(location: string): Promise<MenuRow | null> {
    return (
      (await this.db.selectFrom('menus').selectAll().where('location', '=', location).executeTakeFirst()) ??
      null
    );
  }

  /** The menus shown somewhere, with every item of each (one query each). */
  async located(): Promise<{ menus: MenuRow[]; items: MenuItemRow[] }> {
    const menus = await this.db.selectFrom('menus').selectAll().where('location', 'is not', null).execute();
    if (menus.length === 0) return { menus, items: [] };
    const items = await this.db
      .selectFrom('menu_items')
      .selectAll()
      .where(
        'menu_id',
        'in',
        menus.map((menu) => menu.id),
      )
      .orderBy('position')
      .orderBy('id')
      .execute();
    return { menus, items };
  }

  async insert(values: Omit<MenuTable, 'id' | 'site_id'>): Promise<number> {
    const row = await this.db.insertInto('menus', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Partial<Omit<MenuTable, 'id' | 'site_id'>>): Promise<void> {
    await this.db.updateTable('menus').set(changes).where('id', '=', id).execute();
  }

  /** Frees a location (it moves to another menu). */
  async unassign(location: string): Promise<void> {
    await this.db.updateTable('menus').set({ location: null }).where('location', '=', location).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('menus').where('id', '=', id).execute();
  }

  async items(menuId: number): Promise<MenuItemRow[]> {
    return this.db
      .selectFrom('menu_items')
      .selectAll()
      .where('menu_id', '=', menuId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async item(menuId: number, id: number): Promise<MenuItemRow | null> {
    return (
      (await this.db
        .selectFrom('menu_items')
        .selectAll()
        .where('menu_id', '=', menuId)
        .where('id', '=', id)
        .executeTakeFirst()) ?? null
    );
  }

  async insertItem(values: NewMenuItem): Promise<number> {
    const row = await this.db.insertInto('menu_items', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateItem(id: number, changes: Partial<NewMenuItem>): Promise<void> {
    await this.db.updateTable('menu_items').set(changes).where('id', '=', id).execute();
  }

  async deleteItem(id: number): Promise<void> {
    await this.db.deleteFrom('menu_items').where('id', '=', id).execute();
  }

  /** Whether the site has this entry (not trashed) and this term: what an item may link to. */
  async entryExists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('entries')
      .select('id')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  async termExists(id: number): Promise<boolean> {
    return (
      (await this.db.selectFrom('terms').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
    );
  }

  /** Terms as links: their taxonomy's slug, their own slug and name. */
  /** The content type of each entry (menu items name entries by id alone), by entry id. */
  async entryTypes(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('entries')
      .innerJoin('content_types', 'content_types.id', 'entries.type_id')
      .select(['entries.id as id', 'content_types.slug as type'])
      .where('entries.id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, row.type]));
  }

  async terms(
    ids: readonly number[],
  ): Promise<Map<number, { taxonomy: string; slug: string; name: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('terms')
      .innerJoin('taxonomies', 'taxonomies.id', 'terms.taxonomy_id')
      .select(['terms.id as id', 'terms.slug as slug', 'terms.name as name', 'taxonomies.slug as taxonomy'])
      .where('terms.id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, { taxonomy: row.taxonomy, slug: row.slug, name: row.name }]));
  }
}
