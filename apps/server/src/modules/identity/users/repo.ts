import {
  type Expression,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Engine } from '../../../core/db/engine.js';
import type { Database, GlobalTables } from '../../../core/db/schema.js';
import type { UserTable } from '../tables.js';

export type UserRow = Selectable<UserTable>;

/** Queries of the global users table. Memberships (per site) live in repo-members.ts. */
export class UsersRepo {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The user, their row locked until the transaction ends, so per-account checks run one at a time. */
  lockById(id: number, engine: Engine): Promise<UserRow | undefined> {
    const query = this.db.selectFrom('users').selectAll().where('id', '=', id);
    return (engine.supportsRowLocks ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Display names by id, for bylines; ids of no user are left out. */
  async displayNames(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'display_name'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.id, row.display_name]));
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', normalizeEmail(email))
      .executeTakeFirst();
  }

  async insert(input: {
    email: string;
    displayName: string;
    passwordHash: string;
    locale: string;
    isSuperAdmin: boolean;
    at: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values({
        email: input.email,
        email_normalized: normalizeEmail(input.email),
        display_name: input.displayName,
        password_hash: input.passwordHash,
        status: 'active',
        locale: input.locale,
        is_super_admin: input.isSuperAdmin ? 1 : 0,
        password_changed_at: input.at,
        created_at: input.at,
        updated_at: input.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Partial<Omit<UserRow, 'id' | 'created_at'>>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  /** One page of a site's users, ordered by id, with the total the filters match. */
  async listOnSite(
    query: SiteUserQuery,
    offset: number,
    limit: number,
  ): Promise<{ items: UserRow[]; total: number }> {
    const filtered = this.db.selectFrom('users').where((eb) => {
      const scope: Expression<SqlBool>[] = [];
      if (query.memberIds) scope.push(eb('id', 'in', query.memberIds));
      if (query.superAdmins) scope.push(eb('is_super_admin', '=', 1));
      const conditions: Expression<SqlBool>[] = [scope.length > 0 ? eb.or(scope) : sql<SqlBool>`1 = 0`];
      if (query.status) conditions.push(eb('status', '=', query.status));
      if (query.search) {
        // LIKE wildcards typed by the user are matched literally; both engines accept ESCAPE.
        const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(
          eb.or([
            sql<SqlBool>`${eb.ref('email_normalized')} like ${pattern} escape '\\'`,
            sql<SqlBool>`lower(${eb.ref('display_name')}) like ${pattern} escape '\\'`,
          ]),
        );
      }
      return eb.and(conditions);
    });
    const count = await filtered
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const items = await filtered.selectAll().orderBy('id').limit(limit).offset(offset).execute();
    return { items, total: Number(count.n) };
  }

  /** The ids of the active Super Admins: they administer every site without a membership. */
  async superAdminIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('is_super_admin', '=', 1)
      .where('status', '=', 'active')
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async countSuperAdmins(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('is_super_admin', '=', 1)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** Which users a site's user list shows, and the list's filters. */
export interface SiteUserQuery {
  /** Member ids of the site (of one role when filtering by role), as a site-scoped subquery; null: none. */
  memberIds: SelectQueryBuilder<Database, 'site_members', { user_id: number }> | null;
  /** Super Admins belong to every site, so lists include them unless filtering by another role. */
  superAdmins: boolean;
  status?: 'active' | 'suspended';
  /** Part of the email or display name, compared lowercased on both engines. */
  search?: string;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
