import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { isFree, type MemberStatus, type Plan } from './model.js';
import {
  countsByPlan,
  deletePlan,
  findPlan,
  findPlanBySlug,
  insertPlan,
  listPlans,
  type MembersTables,
  type PlanValues,
  updatePlan,
} from './repo.js';

/** A plan as the admin sees it: with how many members it holds, by status. */
export type PlanWithCounts = Plan & { members: Record<MemberStatus, number> };

export type PlanInput = Omit<
  PlanValues,
  'archived' | 'position' | 'trial_days' | 'description' | 'benefits'
> &
  Partial<Pick<PlanValues, 'archived' | 'position' | 'trial_days' | 'description' | 'benefits'>>;

const NO_MEMBERS: Record<MemberStatus, number> = { active: 0, suspended: 0, cancelled: 0 };

/**
 * Plans of a site. A free plan has price 0 and neither currency nor interval; a paid one has all
 * three (stored now, joined only once part 2 takes payments). Archiving keeps a plan's members and
 * hides it from /members; deleting is for plans nobody ever held (409 otherwise).
 */
export function plansService(plugin: PluginContext) {
  const db = (ctx: PluginOperation) => plugin.db<MembersTables>(ctx);
  const { errors } = plugin;

  function checkPrice(values: Pick<PlanValues, 'price' | 'currency' | 'interval'>): void {
    const problems: Record<string, string[]> = {};
    if (isFree(values)) {
      if (values.currency !== null) problems.currency = ['A free plan has no currency.'];
      if (values.interval !== null) problems.interval = ['A free plan has no billing interval.'];
    } else {
      if (values.currency === null) problems.currency = ['A paid plan needs its currency.'];
      if (values.interval === null) problems.interval = ['A paid plan needs its billing interval.'];
    }
    if (Object.keys(problems).length > 0) throw new errors.ValidationFailed(problems);
  }

  async function withCounts(ctx: PluginOperation, plans: Plan[]): Promise<PlanWithCounts[]> {
    const counts = await countsByPlan(db(ctx));
    return plans.map((plan) => ({ ...plan, members: counts.get(plan.id) ?? { ...NO_MEMBERS } }));
  }

  async function get(ctx: PluginOperation, id: number): Promise<PlanWithCounts> {
    const plan = await findPlan(db(ctx), id);
    if (!plan) throw new errors.NotFound('Plan', 'members_plan_not_found');
    return (await withCounts(ctx, [plan]))[0] as PlanWithCounts;
  }

  async function slugFree(ctx: PluginOperation, slug: string, id?: number): Promise<void> {
    const taken = await findPlanBySlug(db(ctx), slug);
    if (taken && taken.id !== id)
      throw new errors.ValidationFailed(
        { slug: ['Another plan has this slug.'] },
        undefined,
        'members_plan_slug_taken',
      );
  }

  return {
    list: async (ctx: PluginOperation) => withCounts(ctx, await listPlans(db(ctx))),
    get,
    async create(ctx: PluginOperation, input: PlanInput): Promise<PlanWithCounts> {
      checkPrice(input);
      return ctx.transaction(async (tx) => {
        await slugFree(tx, input.slug);
        const position = input.position ?? (await listPlans(db(tx))).length;
        const id = await insertPlan(db(tx), {
          description: '',
          benefits: [],
          archived: false,
          trial_days: 0,
          ...input,
          position,
        });
        plugin.pages.purge(tx);
        return get(tx, id);
      });
    },
    async update(ctx: PluginOperation, id: number, changes: Partial<PlanInput>): Promise<PlanWithCounts> {
      return ctx.transaction(async (tx) => {
        const plan = await get(tx, id);
        checkPrice({ ...plan, ...changes });
        if (changes.slug !== undefined) await slugFree(tx, changes.slug, id);
        await updatePlan(db(tx), id, changes);
        plugin.pages.purge(tx);
        return get(tx, id);
      });
    },
    async remove(ctx: PluginOperation, id: number): Promise<void> {
      await ctx.transaction(async (tx) => {
        const plan = await get(tx, id);
        const held = plan.members.active + plan.members.suspended + plan.members.cancelled;
        if (held > 0)
          throw new errors.Conflict(
            'This plan has members: archive it instead, which keeps them.',
            'members_plan_in_use',
          );
        await deletePlan(db(tx), id);
        plugin.pages.purge(tx);
      });
    },
  };
}

export type PlansService = ReturnType<typeof plansService>;
