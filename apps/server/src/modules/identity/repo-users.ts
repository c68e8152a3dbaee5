import type { Kysely, Selectable } from 'kysely';
import type { GlobalTables } from '../../core/db/schema.js';
import type { UserTable } from './tables.js';

export type UserRow = Selectable<UserTable>;

/** Queries of the global users table. Memberships (per site) live in repo-members.ts. */
export class UsersRepo {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
