import { attachment, type PluginContext } from '@tessera/plugin';
import { membersCsv } from './export.js';
import { importMembers } from './import.js';
import type { MembersService } from './members-service.js';
import { MANAGE, VIEW } from './model.js';
import type { PlansService } from './plans-service.js';
import type { ProfileField, ProfileFields } from './profile-fields.js';
import { allMembers, listPlans, type MembersTables } from './repo.js';
import { membersSchemas } from './schemas.js';

/** /api/members/members, /profile-fields and /counts: managing members in the administration. */
export function memberRoutes(
  plugin: PluginContext,
  members: MembersService,
  profile: ProfileFields,
  plans: PlansService,
): void {
  const T = plugin.schema;
  const { Member, History, Status, ProfileField, Counts, Account, ImportReport } = membersSchemas(plugin);
  const importCsv = importMembers(plugin);
  const Id = T.Object({ id: T.Integer({ minimum: 1 }) });
  const Detail = T.Composite([Member, T.Object({ history: T.Array(History) })]);
  const Note = { note: T.Optional(T.String({ maxLength: 500 })) };
  const actor = (ctx: { actor: { userId: number | null } }) => ({ userId: ctx.actor.userId });

  plugin.routes.get(
    '/members',
    {
      permission: VIEW,
      summary:
        'The site’s members, newest first, with their account’s name and address: by plan, status, account and a search of name or address; paginated (page, limit)',
      querystring: T.Object(
        {
          plan_id: T.Optional(T.Integer({ minimum: 1 })),
          status: T.Optional(Status),
          account_id: T.Optional(T.Integer({ minimum: 1 })),
          search: T.Optional(T.String({ maxLength: 200 })),
          page: T.Optional(T.Integer({ minimum: 1, default: 1 })),
          limit: T.Optional(T.Integer({ minimum: 1, maximum: 100, default: 20 })),
        },
        { additionalProperties: false },
      ),
      response: T.Object({
        items: T.Array(T.Composite([Member, T.Object({ account: T.Union([T.Null(), Account]) })])),
        total: T.Integer(),
        page: T.Integer(),
        limit: T.Integer(),
      }),
    },
    async (ctx, { query }) => {
      const page = query.page ?? 1;
      const limit = query.limit ?? 20;
      const found = await members.list(
        ctx,
        {
          planId: query.plan_id,
          status: query.status,
          accountIds: query.account_id === undefined ? undefined : [query.account_id],
          search: query.search,
        },
        { page, limit },
      );
      return { ...found, page, limit };
    },
  );

  plugin.routes.get(
    '/members/export',
    {
      permission: VIEW,
      summary: 'Every member as CSV (account, plan, status, comped, since, profile fields)',
    },
    async (ctx) => {
      const fields = profile.definitions(await profile.list(ctx));
      const plans = new Map((await listPlans(plugin.db<MembersTables>(ctx))).map((plan) => [plan.id, plan]));
      return attachment({
        filename: 'members.csv',
        contentType: 'text/csv; charset=utf-8',
        body: membersCsv(fields, plans, allMembers(plugin.db<MembersTables>(ctx))),
      });
    },
  );

  plugin.routes.post(
    '/members/import',
    {
      permission: MANAGE,
      summary:
        'Memberships from a CSV of account addresses (email, plan slug, comped): every line checked first; any refused line writes nothing; dry_run reports without writing',
      body: T.Object(
        { csv: T.String({ minLength: 1, maxLength: 2_000_000 }), dry_run: T.Optional(T.Boolean()) },
        { additionalProperties: false },
      ),
      response: ImportReport,
    },
    async (ctx, { body, locale }) => {
      const report = await importCsv(ctx, body.csv, {
        dryRun: body.dry_run === true,
        userId: ctx.actor.userId,
      });
      return {
        ...report,
        problems: report.problems.map((problem) => ({
          ...problem,
          message: plugin.messages.say(problem.message, locale),
        })),
      };
    },
  );

  plugin.routes.get(
    '/members/:id',
    { permission: VIEW, summary: 'A member with their history', params: Id, response: Detail },
    (ctx, { params }) => members.detail(ctx, params.id),
  );

  plugin.routes.put(
    '/members/:id/plan',
    {
      permission: MANAGE,
      summary: 'Move a member to another plan (comping ends with the old plan)',
      params: Id,
      body: T.Object({ plan_id: T.Integer({ minimum: 1 }), ...Note }, { additionalProperties: false }),
      response: Detail,
    },
    (ctx, { params, body }) => members.changePlan(ctx, params.id, body.plan_id, actor(ctx), body.note),
  );

  plugin.routes.put(
    '/members/:id/comped',
    {
      permission: MANAGE,
      summary: 'Give the member’s paid plan for free, or stop doing so',
      params: Id,
      body: T.Object({ comped: T.Boolean(), ...Note }, { additionalProperties: false }),
      response: Detail,
    },
    (ctx, { params, body }) => members.comp(ctx, params.id, body.comped, actor(ctx), body.note),
  );

  for (const action of ['suspend', 'resume', 'cancel'] as const)
    plugin.routes.post(
      `/members/:id/${action}`,
      {
        permission: MANAGE,
        summary: {
          suspend: 'Suspend an active membership',
          resume: 'Resume a suspended membership',
          cancel: 'Cancel a membership (the account stays)',
        }[action],
        params: Id,
        response: Detail,
      },
      (ctx, { params }) => members[action](ctx, params.id, actor(ctx)),
    );

  plugin.routes.put(
    '/members/:id/profile',
    {
      permission: MANAGE,
      summary: 'Set a member’s profile values (422 by key); image fields take media library ids',
      params: Id,
      body: T.Object({ values: T.Record(T.String(), T.Unknown()) }, { additionalProperties: false }),
      response: Detail,
    },
    (ctx, { params, body }) => members.saveProfile(ctx, params.id, body.values),
  );

  plugin.routes.get(
    '/profile-fields',
    {
      permission: VIEW,
      summary: 'The profile fields members fill in, in their order',
      response: T.Array(ProfileField),
    },
    (ctx) => profile.list(ctx),
  );

  plugin.routes.put(
    '/profile-fields',
    {
      permission: MANAGE,
      summary:
        'Replace the profile fields: the engine’s field definitions, each asked at registration or on the profile only (422 by path)',
      body: T.Object({ fields: T.Array(ProfileField, { maxItems: 50 }) }, { additionalProperties: false }),
      response: T.Array(ProfileField),
    },
    (ctx, { body }) => profile.replace(ctx, body.fields as ProfileField[]),
  );

  plugin.routes.get(
    '/counts',
    {
      permission: VIEW,
      summary: 'Members counted by plan and status',
      response: T.Array(
        T.Object({
          plan_id: T.Integer(),
          slug: T.String(),
          name: T.String(),
          archived: T.Boolean(),
          members: Counts,
        }),
      ),
    },
    async (ctx) =>
      (await plans.list(ctx)).map((plan) => ({
        plan_id: plan.id,
        slug: plan.slug,
        name: plan.name,
        archived: plan.archived,
        members: plan.members,
      })),
  );
}
