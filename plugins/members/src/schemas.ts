import type { PluginContext } from '@tessera/plugin';
import { MEMBER_STATUSES } from './model.js';

/** The API's shapes, built from the plugin's TypeBox (`plugin.schema`). */
export function membersSchemas(plugin: PluginContext) {
  const T = plugin.schema;
  const Counts = T.Object({ active: T.Integer(), suspended: T.Integer(), cancelled: T.Integer() });
  const Status = T.Union(MEMBER_STATUSES.map((status) => T.Literal(status)));
  const Interval = T.Union([T.Literal('month'), T.Literal('year')]);
  const Plan = T.Object({
    id: T.Integer(),
    name: T.String(),
    slug: T.String(),
    description: T.String(),
    price: T.Integer(),
    currency: T.Union([T.Null(), T.String()]),
    interval: T.Union([T.Null(), Interval]),
    trial_days: T.Integer(),
    benefits: T.Array(T.String()),
    archived: T.Boolean(),
    position: T.Integer(),
    created_at: T.String(),
    updated_at: T.String(),
    members: Counts,
  });
  const planFields = {
    name: T.String({ minLength: 1, maxLength: 100 }),
    slug: T.String({ minLength: 1, maxLength: 60, pattern: '^[a-z0-9][a-z0-9-]*$' }),
    description: T.String({ maxLength: 5000 }),
    price: T.Integer({ minimum: 0, maximum: 99_999_999 }),
    // Null before the type: the request's coercion would make an empty text of a null.
    currency: T.Union([T.Null(), T.String({ pattern: '^[A-Z]{3}$' })]),
    interval: T.Union([T.Null(), Interval]),
    trial_days: T.Integer({ minimum: 0, maximum: 365 }),
    benefits: T.Array(T.String({ minLength: 1, maxLength: 200 }), { maxItems: 30 }),
    archived: T.Boolean(),
    position: T.Integer({ minimum: 0, maximum: 10_000 }),
  };
  const PlanCreate = T.Object(
    {
      name: planFields.name,
      slug: planFields.slug,
      description: T.Optional(planFields.description),
      price: T.Optional(planFields.price),
      currency: T.Optional(planFields.currency),
      interval: T.Optional(planFields.interval),
      trial_days: T.Optional(planFields.trial_days),
      benefits: T.Optional(planFields.benefits),
      archived: T.Optional(planFields.archived),
      position: T.Optional(planFields.position),
    },
    { additionalProperties: false },
  );
  const PlanUpdate = T.Partial(T.Object(planFields, { additionalProperties: false }));

  const History = T.Object({
    event: T.String(),
    plan_id: T.Union([T.Null(), T.Integer()]),
    by_user_id: T.Union([T.Null(), T.Integer()]),
    by_member: T.Boolean(),
    note: T.String(),
    created_at: T.String(),
  });
  const Member = T.Object({
    id: T.Integer(),
    account_id: T.Integer(),
    plan_id: T.Integer(),
    status: Status,
    comped: T.Boolean(),
    profile: T.Record(T.String(), T.Unknown()),
    started_at: T.String(),
    updated_at: T.String(),
  });
  const ProfileField = T.Object(
    {
      key: T.String(),
      label: T.String(),
      type: T.String(),
      required: T.Optional(T.Boolean()),
      shown_at: T.Union([T.Literal('registration'), T.Literal('profile')]),
    },
    { additionalProperties: true },
  );
  /** What a list of members shows of each one's site account. */
  const Account = T.Object({
    email: T.String(),
    name: T.String(),
    status: T.Union([T.Literal('active'), T.Literal('suspended'), T.Literal('anonymised')]),
  });
  const ImportReport = T.Object({
    dry_run: T.Boolean(),
    written: T.Boolean(),
    rows: T.Integer(),
    created: T.Integer(),
    restarted: T.Integer(),
    problems: T.Array(T.Object({ line: T.Integer(), email: T.String(), message: T.String() })),
  });
  return {
    Plan,
    PlanCreate,
    PlanUpdate,
    Member,
    History,
    Status,
    ProfileField,
    Counts,
    Account,
    ImportReport,
  };
}
