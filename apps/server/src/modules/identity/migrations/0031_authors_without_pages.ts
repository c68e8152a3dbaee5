import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their own time
type Db = Kysely<any>;

/**
 * The default Author and Contributor roles no longer see pages, as in WordPress, where they write
 * posts: each site's untouched default roles lose pages.view. A role an administrator gave pages.edit
 * (or any other pages permission) keeps pages.view, since those need it.
 */
export async function up(db: Db): Promise<void> {
  const roles = await db
    .selectFrom('roles')
    .select('id')
    .where('is_default', '=', 1)
    .where('slug', 'in', ['author', 'contributor'])
    .execute();
  for (const role of roles) {
    const morePages = await db
      .selectFrom('role_permissions')
      .select('permission')
      .where('role_id', '=', role.id)
      .where('permission', 'like', 'pages.%')
      .where('permission', '!=', 'pages.view')
      .executeTakeFirst();
    if (morePages) continue;
    await db
      .deleteFrom('role_permissions')
      .where('role_id', '=', role.id)
      .where('permission', '=', 'pages.view')
      .execute();
  }
}
