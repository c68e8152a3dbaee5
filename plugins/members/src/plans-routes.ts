import type { PluginContext } from '@tessera/plugin';
import { MANAGE_PLANS, VIEW } from './model.js';
import type { PlanInput, PlansService } from './plans-service.js';
import { membersSchemas } from './schemas.js';

/** /api/members/plans: the site's plans, for the admin. */
export function planRoutes(plugin: PluginContext, plans: PlansService): void {
  const T = plugin.schema;
  const { Plan, PlanCreate, PlanUpdate } = membersSchemas(plugin);
  const Id = T.Object({ id: T.Integer({ minimum: 1 }) });

  plugin.routes.get(
    '/plans',
    {
      permission: VIEW,
      summary: 'The site’s plans in their order, archived ones too, with their members counted by status',
      response: T.Array(Plan),
    },
    (ctx) => plans.list(ctx),
  );
  plugin.routes.get(
    '/plans/:id',
    { permission: VIEW, summary: 'A plan with its members counted by status', params: Id, response: Plan },
    (ctx, { params }) => plans.get(ctx, params.id),
  );
  plugin.routes.post(
    '/plans',
    {
      permission: MANAGE_PLANS,
      summary: 'Create a plan: free (price 0) or paid (price in minor units, currency, month or year)',
      body: PlanCreate,
      response: Plan,
      status: 201,
    },
    (ctx, { body }) => plans.create(ctx, { price: 0, currency: null, interval: null, ...body } as PlanInput),
  );
  plugin.routes.patch(
    '/plans/:id',
    {
      permission: MANAGE_PLANS,
      summary: 'Change a plan; `archived: true` hides it from joining and keeps its members',
      params: Id,
      body: PlanUpdate,
      response: Plan,
    },
    (ctx, { params, body }) => plans.update(ctx, params.id, body),
  );
  plugin.routes.delete(
    '/plans/:id',
    {
      permission: MANAGE_PLANS,
      summary: 'Delete a plan nobody holds (409 members_plan_in_use otherwise: archive it)',
      params: Id,
      status: 204,
    },
    async (ctx, { params }) => {
      await plans.remove(ctx, params.id);
      return null;
    },
  );
}
