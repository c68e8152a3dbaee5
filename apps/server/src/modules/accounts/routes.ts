import type { App } from '../../core/http/app-type.js';
import { IdParams } from '../../core/http/input-schemas.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import { AccountDeleteQuery, AccountExportSchema, AccountListQuery, AccountSchema } from './schemas.js';
import { type AccountsService, MANAGE, VIEW } from './service.js';

/** /api/accounts: the site's accounts for administrators (accounts.view, accounts.manage). */
export function accountRoutes(app: App, runtime: Runtime, accounts: AccountsService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'accounts');

  routes.list(
    '/api/accounts',
    {
      permission: VIEW,
      summary: "The site's accounts, newest first: search by email or name, filter by status",
      querystring: AccountListQuery,
      data: AccountSchema,
    },
    (ctx, { query }) =>
      accounts.list(
        ctx,
        {
          ...(query.search ? { search: query.search } : {}),
          ...(query.status ? { status: query.status } : {}),
        },
        query.page,
        query.limit,
      ),
  );
  routes.get(
    '/api/accounts/:id',
    { permission: VIEW, summary: 'One account', params: IdParams, data: AccountSchema },
    (ctx, { params }) => accounts.get(ctx, params.id),
  );
  routes.post(
    '/api/accounts/:id/suspend',
    {
      permission: MANAGE,
      summary: 'Suspend an account: it cannot sign in, and its sessions end',
      description:
        '409 `account_already_suspended` when it is; 409 `account_anonymised` for an anonymised one.',
      params: IdParams,
      data: AccountSchema,
    },
    (ctx, { params }) => accounts.suspend(ctx, params.id),
  );
  routes.post(
    '/api/accounts/:id/unsuspend',
    {
      permission: MANAGE,
      summary: 'Let a suspended account sign in again',
      description: '409 `account_not_suspended` when it is not suspended.',
      params: IdParams,
      data: AccountSchema,
    },
    (ctx, { params }) => accounts.unsuspend(ctx, params.id),
  );
  routes.delete(
    '/api/accounts/:id',
    {
      permission: MANAGE,
      summary: 'Delete an account with its data, or anonymise it (`mode`)',
      description:
        "Plugins delete or anonymise their own rows of the account the same way, in the deletion's transaction (the `account.deleted` hook). The activity log keeps its entries about the account without their addresses and details. Its sessions end.",
      params: IdParams,
      querystring: AccountDeleteQuery,
    },
    (ctx, { params, query }) => accounts.delete(ctx, params.id, query.mode),
  );
  routes.get(
    '/api/accounts/:id/export',
    {
      permission: MANAGE,
      summary: "An account's data as JSON, for the person who asks for it",
      description:
        'The account, the activity log entries about it, and what each plugin keeps of it under `plugins.<name>` (the `account.export` filter). Answered as a download (Content-Disposition: attachment).',
      params: IdParams,
      data: AccountExportSchema,
    },
    async (ctx, { params, reply }) => {
      const data = await accounts.export(ctx, params.id);
      reply.header('content-disposition', `attachment; filename="account-${params.id}.json"`);
      return data;
    },
  );
}
