import type { PluginAccounts } from '@tessera/plugin';
import type { OperationContext } from '../operation/operation-context.js';
import { PluginAccountRepo } from './account-repo.js';

/**
 * `plugin.accounts`: the site's accounts read through the operation's site-scoped handle (in its
 * transaction when one is open), so a plugin never sees another site's accounts nor a password hash.
 */
export const pluginAccounts: PluginAccounts = Object.freeze({
  get: (ctx: OperationContext, id: number) =>
    Number.isSafeInteger(id) && id > 0 ? new PluginAccountRepo(ctx.db).byId(id) : Promise.resolve(null),
  byEmail: (ctx: OperationContext, email: string) =>
    typeof email === 'string' && email.trim() !== ''
      ? new PluginAccountRepo(ctx.db).byEmail(email)
      : Promise.resolve(null),
  search(ctx: OperationContext, options: { query?: string; page?: number; limit?: number } = {}) {
    const page = options.page ?? 1;
    const limit = options.limit ?? 20;
    if (!Number.isSafeInteger(page) || page < 1)
      throw new Error(`accounts.search: page ${page} is not a whole number from 1`);
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 100)
      throw new Error(`accounts.search: limit ${limit} is not a whole number from 1 to 100`);
    return new PluginAccountRepo(ctx.db).search((options.query ?? '').trim(), page, limit);
  },
}) as PluginAccounts;
