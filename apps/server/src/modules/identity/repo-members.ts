import type { SiteScopedDb } from '../../core/db/data.js';

export interface Membership {
  user_id: number;
  role_id: number;
  role_slug: string;
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
      .select(['slug', 'requires_two_factor'])
      .where('id', '=', member.role_id)
      .executeTakeFirst();
    if (!role) return undefined;
    return { ...member, role_slug: role.slug, requires_two_factor: role.requires_two_factor };
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
}
