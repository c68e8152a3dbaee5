import type { Data } from '../../../core/db/data.js';
import { UsersRepo } from './repo.js';
import { MembersRepo } from './repo-members.js';

/** The display names of authors, for what the public sees (feeds, bylines): never their addresses. */
export function authorNames(data: Data, ids: readonly number[]): Promise<Map<number, string>> {
  return new UsersRepo(data.global).displayNames([...new Set(ids)]);
}

/** Where to write to authors (notifications of comments on their entries): internal use only. */
export async function authorAddresses(
  data: Data,
  ids: readonly number[],
): Promise<Map<number, { email: string; name: string }>> {
  const users = new UsersRepo(data.global);
  const found = new Map<number, { email: string; name: string }>();
  for (const id of new Set(ids)) {
    const user = await users.findById(id);
    if (user && user.status === 'active') found.set(id, { email: user.email, name: user.display_name });
  }
  return found;
}

/** Where to write to a site's administrators (its contact form's messages): active accounts only. */
export async function siteAdminAddresses(data: Data, siteId: number): Promise<string[]> {
  const ids = await new MembersRepo(data.site(siteId)).userIdsWithRole('admin');
  return [...(await authorAddresses(data, ids)).values()].map((user) => user.email);
}
