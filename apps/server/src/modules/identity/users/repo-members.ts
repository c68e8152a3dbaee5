import type { SelectQueryBuilder } from 'kysely';
import type { Data, SiteScopedDb } from '../../../core/db/data.js';
import type { Database } from '../../../core/db/schema.js';

export interface Membership {
  user_id: number;
  role_id: number;
  role_slug: string;
  role_is_default: number;
  requires_two_factor: number;
}

/** Who belongs to one site, with which role. */
export class MembersRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async find(userId: number): Promise<Membership | undefined> {
    const member = await this.db
      .selectFrom('site_members')
      .select(['user_id', 'role_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!member) return undefined;
    const role = await this.db
      .selectFrom('roles')
      .select(['slug', 'is_default', 'requires_two_factor'])
      .where('id', '=', member.role_id)
      .executeTakeFirst();
    if (!role) return undefined;
    return {
      ...member,
      role_slug: role.slug,
      role_is_default: role.is_default,
      requires_two_factor: role.requires_two_factor,
    };
  }

  /** Adds the user to the site, or changes their role when already a member. */
  async assign(userId: number, roleId: number, at: string): Promise<void> {
    const updated = await this.db
      .updateTable('site_members')
      .set({ role_id: roleId })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await this.db.insertInto('site_members', { user_id: userId, role_id: roleId, created_at: at }).execute();
  }

  async remove(userId: number): Promise<void> {
    await this.db.deleteFrom('site_members').where('user_id', '=', userId).execute();
  }

  async userIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('site_members').select('user_id').execute();
    return rows.map((r) => r.user_id);
  }

  /** The members' ids as a subquery (of one role when given), for user lists filtered in the database. */
  userIdsQuery(roleId?: number): SelectQueryBuilder<Database, 'site_members', { user_id: number }> {
    const query = this.db.selectFrom('site_members').select('site_members.user_id');
    return roleId === undefined ? query : query.where('site_members.role_id', '=', roleId);
  }

  /** The role id of each of `userIds` who is a member (one query for a page of users). */
  async roleIdsOf(userIds: readonly number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('site_members')
      .select(['user_id', 'role_id'])
      .where('user_id', 'in', [...userIds])
      .execute();
    return new Map(rows.map((r) => [r.user_id, r.role_id]));
  }

  /** The members holding the role of this slug (`admin`). */
  async userIdsWithRole(slug: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('site_members')
      .innerJoin('roles', 'roles.id', 'site_members.role_id')
      .select('site_members.user_id')
      .where('roles.slug', '=', slug)
      .execute();
    return rows.map((r) => r.user_id);
  }

  /** Members per role id, for role lists. */
  async countByRole(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('site_members')
      .select((eb) => ['role_id', eb.fn.countAll<number | string>().as('n')])
      .groupBy('role_id')
      .execute();
    return new Map(rows.map((r) => [r.role_id, Number(r.n)]));
  }
}

/**
 * The sites a user is a member of, with the role slug on each. Users are global while memberships
 * are site rows, so this is the one membership read that spans sites: it goes through the
 * unrestricted handle and returns only the user's own memberships, never another user's rows.
 */
export async function membershipsOfUser(
  data: Data,
  userId: number,
): Promise<Array<{ site_id: number; role_slug: string }>> {
  return data.raw
    .selectFrom('site_members')
    .innerJoin('roles', (join) =>
      join.onRef('roles.id', '=', 'site_members.role_id').onRef('roles.site_id', '=', 'site_members.site_id'),
    )
    .select(['site_members.site_id', 'roles.slug as role_slug'])
    .where('site_members.user_id', '=', userId)
    .orderBy('site_members.site_id')
    .execute();
}
