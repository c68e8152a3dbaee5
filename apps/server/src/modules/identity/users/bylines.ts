import type { Data } from '../../../core/db/data.js';
import { UsersRepo } from './repo.js';

/** The display names of authors, for what the public sees (feeds, bylines): never their addresses. */
export function authorNames(data: Data, ids: readonly number[]): Promise<Map<number, string>> {
  return new UsersRepo(data.global).displayNames([...new Set(ids)]);
}
