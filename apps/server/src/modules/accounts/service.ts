import { requirePermission } from '../../core/access/actor.js';
import { recordActivity } from '../../core/activity/record.js';
import { Conflict, NotFound } from '../../core/errors.js';
import type { Page } from '../../core/http/envelope.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import { visitorSessionsOf } from '../../core/visitors/visitor-sessions.js';
import { hookViewOf } from './accounts.js';
import type { AccountExport } from './hooks.js';
import { type AccountQuery, type AccountRow, AccountsRepo } from './repo.js';

export const VIEW = 'accounts.view';
export const MANAGE = 'accounts.manage';

export type AccountView = AccountExport['account'];

/**
 * The site's accounts as administrators manage them (GET /api/accounts...): listed and searched,
 * suspended and let back in, deleted with their data or anonymised, and exported for the person
 * who asks. Each change is logged; one that shuts an account out ends its sessions.
 */
export class AccountsService {
  constructor(private readonly runtime: Runtime) {}

  async list(
    ctx: OperationContext,
    query: AccountQuery,
    page: number,
    limit: number,
  ): Promise<Page<AccountView>> {
    requirePermission(ctx.actor, VIEW);
    const found = await new AccountsRepo(ctx.db).list(query, page, limit);
    return { items: found.items.map(viewOf), total: found.total };
  }

  async get(ctx: OperationContext, id: number): Promise<AccountView> {
    requirePermission(ctx.actor, VIEW);
    return viewOf(await this.find(ctx, id));
  }

  /** Shuts the account out: it cannot sign in, and its sessions end. */
  suspend(ctx: OperationContext, id: number): Promise<AccountView> {
    return this.setStatus(ctx, id, 'suspended');
  }

  unsuspend(ctx: OperationContext, id: number): Promise<AccountView> {
    return this.setStatus(ctx, id, 'active');
  }

  /**
   * Deletes the account (`delete`) or keeps it emptied of the person (`anonymise`): no name, no
   * address, no password, so nothing can sign in to it or find them through it, while what others
   * keep of it (a plugin's orders) still adds up. Plugins do the same to their own rows in the
   * `account.deleted` hook, in this transaction. Either way the log's entries about it lose their
   * addresses and details, and its sessions end.
   */
  async delete(ctx: OperationContext, id: number, mode: 'delete' | 'anonymise'): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const account = await this.find(ctx, id);
    if (mode === 'anonymise' && account.status === 'anonymised')
      throw new Conflict('This account is already anonymised.', 'account_anonymised');
    await ctx.transaction(async () => {
      await ctx.hooks.doAction('account.deleted', { account: hookViewOf(account), mode });
      const repo = new AccountsRepo(ctx.db);
      await repo.forgetActivityOf(id);
      if (mode === 'delete') await repo.delete(id);
      else
        await repo.update(id, {
          email: '',
          email_normalized: `anonymised:${id}`,
          name: '',
          // No argon2 hash: nothing verifies against it.
          password_hash: '!',
          status: 'anonymised',
          email_verified_at: null,
          updated_at: new Date().toISOString(),
        });
      await this.record(ctx, mode === 'delete' ? 'account.deleted' : 'account.anonymised', id);
    });
    await visitorSessionsOf(this.runtime).endAllOfAccount(ctx.site.id, id);
  }

  /** The account's data as JSON for the person who asked, with what plugins keep of it (`account.export`). */
  async export(ctx: OperationContext, id: number): Promise<AccountExport> {
    requirePermission(ctx.actor, MANAGE);
    const account = await this.find(ctx, id);
    const repo = new AccountsRepo(ctx.db);
    const data: AccountExport = {
      account: viewOf(account),
      activity: await repo.activityOf(id),
      plugins: {},
    };
    const filtered = await ctx.hooks.applyFilters('account.export', data, hookViewOf(account));
    await this.record(ctx, 'account.exported', id);
    return filtered;
  }

  private async setStatus(
    ctx: OperationContext,
    id: number,
    status: 'active' | 'suspended',
  ): Promise<AccountView> {
    requirePermission(ctx.actor, MANAGE);
    const account = await this.find(ctx, id);
    if (account.status === 'anonymised')
      throw new Conflict('This account is anonymised: it can only be deleted.', 'account_anonymised');
    if (account.status === status)
      throw status === 'suspended'
        ? new Conflict('This account is already suspended.', 'account_already_suspended')
        : new Conflict('This account is not suspended.', 'account_not_suspended');
    const at = new Date().toISOString();
    await ctx.transaction(async () => {
      await new AccountsRepo(ctx.db).update(id, { status, updated_at: at });
      await this.record(ctx, status === 'suspended' ? 'account.suspended' : 'account.unsuspended', id);
    });
    if (status === 'suspended') await visitorSessionsOf(this.runtime).endAllOfAccount(ctx.site.id, id);
    return viewOf({ ...account, status, updated_at: at });
  }

  /** What an administrator did to an account, in the activity log. */
  private record(ctx: OperationContext, action: string, id: number): Promise<void> {
    return recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'account',
      subjectId: id,
      ip: ctx.actor.ip,
    });
  }

  private async find(ctx: OperationContext, id: number): Promise<AccountRow> {
    const account = await new AccountsRepo(ctx.db).byId(id);
    if (!account) throw new NotFound('Account', 'account_not_found');
    return account;
  }
}

function viewOf(row: AccountRow): AccountView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    locale: row.locale,
    email_verified_at: row.email_verified_at,
    last_sign_in_at: row.last_sign_in_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
