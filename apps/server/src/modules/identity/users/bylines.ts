import type { Data } from '../../../core/db/data.js';
import { UsersRepo } from './repo.js';
import { MembersRepo } from './repo-members.js';

/** The display names of authors, for what the public sees (feeds, bylines): never their addresses. */
export function authorNames(data: Data, ids: readonly number[]): Promise<Map<number, string>> {
  return new UsersRepo(data.global).displayNames([...new Set(ids)]);
}

/**
 * Where to write to authors (notifications of comments on their entries), and in which language (their
 * profile's, `und` when they chose none): internal use only.
 */
export async function authorAddresses(
  data: Data,
  ids: readonly number[],
): Promise<Map<number, { email: string; name: string; locale: string }>> {
  const users = new UsersRepo(data.global);
  const found = new Map<number, { email: string; name: string; locale: string }>();
  for (const id of new Set(ids)) {
    const user = await users.findById(id);
    if (user && user.status === 'active')
      found.set(id, { email: user.email, name: user.display_name, locale: user.locale });
  }
  return found;
}

/**
 * Where to write to a site's administrators (its contact form's messages): the members of its Admin
 * role and the Super Admins, who administer every site (a site run by a Super Admin alone has no
 * Admin member); active accounts only, each address once.
 */
export async function siteAdminAddresses(data: Data, siteId: number): Promise<string[]> {
  return (await siteAdministrators(data, siteId)).map((user) => user.email);
}

/** As `siteAdminAddresses`, with each one's language (`und` when they chose none): a mail each, in it. */
export async function siteAdministrators(
  data: Data,
  siteId: number,
): Promise<Array<{ email: string; name: string; locale: string }>> {
  const admins = await new MembersRepo(data.site(siteId)).userIdsWithRole('admin');
  const superAdmins = await new UsersRepo(data.global).superAdminIds();
  return [...(await authorAddresses(data, [...admins, ...superAdmins])).values()];
}

/** The email of each user, by id, whoever they are to the site now: how a content export names authors. */
export async function authorEmails(data: Data, ids: readonly number[]): Promise<Map<number, string>> {
  const users = new UsersRepo(data.global);
  const found = new Map<number, string>();
  for (const id of new Set(ids)) {
    const user = await users.findById(id);
    if (user) found.set(id, user.email);
  }
  return found;
}

/**
 * The user of `email` who may write on the site, or null: a member, or a Super Admin (who belongs to
 * every site without a membership). How a content import gives entries back to their authors.
 */
export async function siteWriterByEmail(data: Data, siteId: number, email: string): Promise<number | null> {
  const user = await new UsersRepo(data.global).findByEmail(email);
  if (!user) return null;
  if (user.is_super_admin === 1 || (await new MembersRepo(data.site(siteId)).find(user.id))) return user.id;
  return null;
}
