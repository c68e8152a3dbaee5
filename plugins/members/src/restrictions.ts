import type { AccessEntry, AccessVisitor, PluginContext, PluginOperation } from '@tessera/plugin';
import { RESTRICT } from './model.js';
import { findMemberOfAccount, listPlans, type MembersTables } from './repo.js';
import { findRestriction, type Restriction, saveRestriction } from './repo-restrictions.js';
import { readSettings } from './settings.js';

/** The notice's call to action, in the entry's language. */
const SEE_PLANS: Record<string, string> = { en: 'See the plans', fr: 'Voir les formules' };

/**
 * Entries restricted by plan: the plugin keeps who may read each (public, any member, given plans)
 * and answers the core's `entry.access` for every surface where entries leave the server. An
 * active membership reads; a suspended or cancelled one, another plan's or none reads the teaser.
 */
export function restrictions(plugin: PluginContext): void {
  const db = (ctx: PluginOperation) => plugin.db<MembersTables>(ctx);
  const T = plugin.schema;

  async function decide(
    ctx: PluginOperation,
    access: 'public' | 'members' | 'denied',
    entry: AccessEntry,
    visitor: AccessVisitor,
  ): Promise<'public' | 'members' | 'denied'> {
    const restriction = await findRestriction(db(ctx), entry.id);
    if (!restriction) return access;
    // Listed in sitemaps when the site says so: an address, never the content.
    if (visitor.surface === 'sitemap' && (await readSettings(plugin, ctx)).sitemap_listed) return access;
    if (visitor.accountId === null) return 'members';
    const member = await findMemberOfAccount(db(ctx), visitor.accountId);
    if (!member || member.status !== 'active') return 'denied';
    if (restriction.audience === 'plans' && !restriction.plan_ids.includes(member.plan_id)) return 'denied';
    return 'members';
  }

  plugin.hooks.onFilter('entry.access', (access, ctx, entry, visitor) =>
    access === 'denied' ? access : decide(ctx, access, entry, visitor),
  );
  plugin.hooks.onFilter(
    'entry.notice',
    async (action, ctx, entry) =>
      action ??
      ((await findRestriction(db(ctx), entry.id))
        ? { label: SEE_PLANS[entry.locale.slice(0, 2)] ?? (SEE_PLANS.en as string), url: '/members' }
        : null),
  );

  const Restriction = T.Object({
    entry_id: T.Integer(),
    audience: T.Union([T.Literal('public'), T.Literal('members'), T.Literal('plans')]),
    plan_ids: T.Array(T.Integer()),
  });
  const EntryId = T.Object({ entry_id: T.Integer({ minimum: 1 }) });
  const shown = (entryId: number, restriction: Restriction | null) =>
    restriction ?? { entry_id: entryId, audience: 'public' as const, plan_ids: [] };

  plugin.routes.get(
    '/restrictions/:entry_id',
    {
      permission: RESTRICT,
      summary: 'Who may read an entry: public, members of any plan, or members of given plans',
      params: EntryId,
      response: Restriction,
    },
    async (ctx, { params }) => shown(params.entry_id, await findRestriction(db(ctx), params.entry_id)),
  );

  plugin.routes.put(
    '/restrictions/:entry_id',
    {
      permission: RESTRICT,
      summary:
        'Restrict an entry to members (audience members), to members of given plans (plans, plan_ids), or make it public; the others read its teaser',
      params: EntryId,
      body: T.Object(
        {
          audience: T.Union([T.Literal('public'), T.Literal('members'), T.Literal('plans')]),
          plan_ids: T.Optional(T.Array(T.Integer({ minimum: 1 }), { maxItems: 50 })),
        },
        { additionalProperties: false },
      ),
      response: Restriction,
    },
    (ctx, { params, body }) =>
      ctx.transaction(async (tx) => {
        const planIds = [...new Set(body.plan_ids ?? [])];
        if (body.audience === 'plans') {
          const known = new Set((await listPlans(db(tx))).map((plan) => plan.id));
          if (planIds.length === 0 || planIds.some((id) => !known.has(id)))
            throw plugin.errors.ValidationFailed.field(
              'plan_ids',
              'Choose one or more plans of the site.',
              'members_restriction_plans',
            );
        }
        const restriction =
          body.audience === 'public'
            ? null
            : { audience: body.audience, plan_ids: body.audience === 'plans' ? planIds : [] };
        await saveRestriction(db(tx), params.entry_id, restriction);
        await plugin.content.accessChanged(tx, [params.entry_id]);
        return shown(params.entry_id, restriction && { entry_id: params.entry_id, ...restriction });
      }),
  );
}
