import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import type { Engine } from '../../../core/db/engine.js';
import { startsWith } from '../../../core/plugins/uninstall.js';
import type { RoleTable } from '../tables.js';

export type RoleRow = Selectable<RoleTable>;

/** Roles and their permissions on one site. */
export class RolesRepo {
  constructor(private readonly db: SiteScopedDb) {}

  list(): Promise<RoleRow[]> {
    return this.db.selectFrom('roles').selectAll().orderBy('id').execute();
  }

  findById(id: number): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The role, its row locked until the transaction ends: concurrent changes to one role then run
   * one after the other instead of interleaving their statements.
   */
  lockById(id: number, engine: Engine): Promise<RoleRow | undefined> {
    const query = this.db.selectFrom('roles').selectAll().where('id', '=', id);
    return (engine.supportsRowLocks ? query.forUpdate() : query).executeTakeFirst();
  }

  findBySlug(slug: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  async insert(input: {
    slug: string;
    name: string;
    description: string;
    isDefault: boolean;
    requiresTwoFactor: boolean;
    at: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('roles', {
        slug: input.slug,
        name: input.name,
        description: input.description,
        is_default: input.isDefault ? 1 : 0,
        requires_two_factor: input.requiresTwoFactor ? 1 : 0,
        created_at: input.at,
        updated_at: input.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    changes: Partial<Pick<RoleRow, 'name' | 'description' | 'requires_two_factor' | 'updated_at'>>,
  ): Promise<void> {
    await this.db.updateTable('roles').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('roles').where('id', '=', id).execute();
  }

  async permissionsOf(roleId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', roleId)
      .orderBy('permission')
      .execute();
    return rows.map((r) => r.permission);
  }

  /** Permissions of every role of the site, keyed by role id (one query for lists). */
  async permissionsByRole(): Promise<Map<number, string[]>> {
    const rows = await this.db
      .selectFrom('role_permissions')
      .select(['role_id', 'permission'])
      .orderBy('permission')
      .execute();
    const map = new Map<number, string[]>();
    for (const row of rows) map.set(row.role_id, [...(map.get(row.role_id) ?? []), row.permission]);
    return map;
  }

  /** Grants of permissions starting with `prefix` (an uninstalled plugin's `<area>.`), to any role. */
  async revokeStartingWith(prefix: string): Promise<number> {
    const result = await this.db
      .deleteFrom('role_permissions')
      .where(sql<boolean>`permission like ${startsWith(prefix)} escape '\\'`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async setPermissions(roleId: number, permissions: readonly string[]): Promise<void> {
    await this.db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    if (permissions.length === 0) return;
    await this.db
      .insertInto(
        'role_permissions',
        permissions.map((permission) => ({ role_id: roleId, permission })),
      )
      .execute();
  }

  async countMembers(roleId: number): Promise<number> {
    const row = await this.db
      .selectFrom('site_members')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('role_id', '=', roleId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
