import type { Data } from '../../../core/db/data.js';
import { UsersRepo } from './repo.js';

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
