import type { PluginAccount, PluginContext, PluginOperation, PluginSiteAccount } from '@tessera/plugin';
import { isFree, type Member, type MemberStatus, type Plan } from './model.js';
import type { ProfileFields } from './profile-fields.js';
import {
  findMember,
  findMemberOfAccount,
  findPlan,
  findPlanBySlug,
  historyOf,
  insertMember,
  listMembers,
  type MembersTables,
  recordHistory,
  updateMember,
} from './repo.js';
import { readSettings } from './settings.js';

/** The most accounts a members search may match: their ids are handed to the members query. */
export const SEARCH_MAX_ACCOUNTS = 2000;

/** What a list of members shows of each one's account (null: the account is gone). */
function shownAccount(account: PluginAccount | null) {
  return account && { email: account.email, name: account.name, status: account.status };
}

/** Who acts on a membership: an admin user (by id) or the member on the site. */
type Actor = { userId: number | null } | 'member';

/**
 * Memberships: one per site account, on a plan, with a history of what happened and by whom. The
 * member joins and leaves on the site; administrators change the plan, comp, suspend, resume and
 * cancel. Statuses move only where the table below allows, so a repeated click changes nothing twice.
 */
const NEXT: Record<
  'suspend' | 'resume' | 'cancel',
  { from: MemberStatus[]; to: MemberStatus; event: 'suspended' | 'resumed' | 'cancelled'; refusal: string }
> = {
  suspend: {
    from: ['active'],
    to: 'suspended',
    event: 'suspended',
    refusal: 'Only an active membership can be suspended.',
  },
  resume: {
    from: ['suspended'],
    to: 'active',
    event: 'resumed',
    refusal: 'Only a suspended membership can be resumed.',
  },
  cancel: {
    from: ['active', 'suspended'],
    to: 'cancelled',
    event: 'cancelled',
    refusal: 'This membership is cancelled already.',
  },
};

export function membersService(plugin: PluginContext, profile: ProfileFields) {
  const db = (ctx: PluginOperation) => plugin.db<MembersTables>(ctx);
  const { errors } = plugin;

  const by = (actor: Actor) =>
    actor === 'member'
      ? { by_user_id: null, by_member: true }
      : { by_user_id: actor.userId, by_member: false };

  async function memberOrThrow(ctx: PluginOperation, id: number): Promise<Member> {
    const member = await findMember(db(ctx), id);
    if (!member) throw new errors.NotFound('Member', 'members_member_not_found');
    return member;
  }

  async function planOrThrow(ctx: PluginOperation, id: number, field = 'plan_id'): Promise<Plan> {
    const plan = await findPlan(db(ctx), id);
    if (!plan) throw errors.ValidationFailed.field(field, 'No such plan.', 'members_plan_not_found');
    return plan;
  }

  /** Values checked against the fields, their images checked to be the site's: 422 by key. */
  async function checkedProfile(
    ctx: PluginOperation,
    scope: 'registration' | 'all',
    values: Record<string, unknown>,
    previous: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const fields = await profile.list(ctx);
    const definitions = profile.definitions(fields, scope === 'registration' ? 'registration' : undefined);
    // Checked whole, with what the member had: a form or a call sending some keys keeps the others.
    const kept = Object.fromEntries(
      definitions.filter((field) => field.key in previous).map((field) => [field.key, previous[field.key]]),
    );
    const found = plugin.content.checkValues(definitions, { ...kept, ...values }, { isNew: true });
    if (!found.ok) throw new errors.ValidationFailed(found.errors);
    if (found.mediaIds.length > 0) {
      const images = await plugin.media.images(ctx, found.mediaIds);
      const missing: Record<string, string[]> = {};
      for (const field of definitions.filter((each) => each.type === 'image')) {
        const value = found.values[field.key];
        const ids = (Array.isArray(value) ? value : [value]).filter(
          (id): id is number => typeof id === 'number',
        );
        if (ids.some((id) => !images.has(id))) missing[field.key] = ['Choose an image of the media library.'];
      }
      if (Object.keys(missing).length > 0) throw new errors.ValidationFailed(missing);
    }
    return { ...previous, ...found.values };
  }

  async function detail(ctx: PluginOperation, id: number) {
    const member = await memberOrThrow(ctx, id);
    return { ...member, history: await historyOf(db(ctx), id) };
  }

  async function move(ctx: PluginOperation, id: number, action: keyof typeof NEXT, actor: Actor, note = '') {
    return ctx.transaction(async (tx) => {
      const member = await memberOrThrow(tx, id);
      const step = NEXT[action];
      if (!step.from.includes(member.status))
        throw new errors.Conflict(step.refusal, 'members_status_conflict');
      await updateMember(db(tx), id, { status: step.to });
      await recordHistory(db(tx), id, { event: step.event, plan_id: member.plan_id, ...by(actor), note });
      return detail(tx, id);
    });
  }

  /** The ids of the accounts whose name or address holds `search`. */
  async function accountsMatching(ctx: PluginOperation, search: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const found = await plugin.accounts.search(ctx, { query: search, page, limit: 100 });
      if (found.total > SEARCH_MAX_ACCOUNTS)
        throw errors.ValidationFailed.field(
          'search',
          'Too many accounts match: search for more of the name or address.',
          'members_search_too_broad',
        );
      ids.push(...found.items.map((account) => account.id));
      if (ids.length >= found.total || found.items.length === 0) return ids;
    }
  }

  return {
    ofAccount: (ctx: PluginOperation, accountId: number) => findMemberOfAccount(db(ctx), accountId),
    detail,
    /**
     * A page of members, each with their account's name and address. `search` finds them by either
     * (the accounts matching it, at most SEARCH_MAX_ACCOUNTS: a broader search is refused with 422).
     */
    async list(
      ctx: PluginOperation,
      filter: { planId?: number; status?: MemberStatus; accountIds?: number[]; search?: string },
      page: { page: number; limit: number },
    ) {
      const { search, ...rest } = filter;
      const matching = search?.trim() ? await accountsMatching(ctx, search) : undefined;
      const accountIds =
        matching === undefined
          ? rest.accountIds
          : matching.filter((id) => rest.accountIds === undefined || rest.accountIds.includes(id));
      const found = await listMembers(
        db(ctx),
        { ...rest, accountIds },
        { offset: (page.page - 1) * page.limit, limit: page.limit },
      );
      const items = await Promise.all(
        found.items.map(async (member) => ({
          ...member,
          account: shownAccount(await plugin.accounts.get(ctx, member.account_id)),
        })),
      );
      return { items, total: found.total };
    },

    /**
     * A signed-in account joins a free, active plan with the registration-time profile fields (a
     * cancelled membership comes back on the plan chosen). Paid plans wait for part 2.
     */
    async join(
      ctx: PluginOperation,
      account: PluginSiteAccount,
      planSlug: string,
      values: Record<string, unknown>,
    ) {
      return ctx.transaction(async (tx) => {
        const settings = await readSettings(plugin, tx);
        if (!settings.joining_open)
          throw new errors.Forbidden('Joining is closed.', 'members_joining_closed');
        const plan = await findPlanBySlug(db(tx), planSlug);
        if (!plan || plan.archived) throw new errors.NotFound('Plan', 'members_plan_not_found');
        if (!isFree(plan))
          throw new errors.Conflict('Paid plans cannot be joined yet.', 'members_plan_not_free');
        const existing = await findMemberOfAccount(db(tx), account.id);
        if (existing && existing.status !== 'cancelled')
          throw new errors.Conflict('You are already a member.', 'members_already_member');
        const checked = await checkedProfile(tx, 'registration', values, existing?.profile ?? {});
        let id: number;
        if (existing) {
          id = existing.id;
          await updateMember(db(tx), id, {
            plan_id: plan.id,
            status: 'active',
            comped: false,
            profile: checked,
            started_at: new Date().toISOString(),
          });
        } else {
          id = await insertMember(db(tx), {
            account_id: account.id,
            plan_id: plan.id,
            comped: false,
            profile: checked,
          });
        }
        await recordHistory(db(tx), id, { event: 'joined', plan_id: plan.id, ...by('member'), note: '' });
        if (settings.welcome_mail)
          await plugin.mail.send(tx, 'members.welcome', {
            to: account.email,
            locale: account.locale,
            variables: { member: { name: account.name }, plan: { name: plan.name, benefits: plan.benefits } },
          });
        return { id, plan };
      });
    },

    /** The member (or an admin) saves profile values: every field, checked (422 by key). */
    async saveProfile(ctx: PluginOperation, id: number, values: Record<string, unknown>) {
      return ctx.transaction(async (tx) => {
        const member = await memberOrThrow(tx, id);
        const checked = await checkedProfile(tx, 'all', values, member.profile);
        await updateMember(db(tx), id, { profile: checked });
        return detail(tx, id);
      });
    },

    leave: (ctx: PluginOperation, id: number) => move(ctx, id, 'cancel', 'member'),
    suspend: (ctx: PluginOperation, id: number, actor: Actor, note?: string) =>
      move(ctx, id, 'suspend', actor, note),
    resume: (ctx: PluginOperation, id: number, actor: Actor, note?: string) =>
      move(ctx, id, 'resume', actor, note),
    cancel: (ctx: PluginOperation, id: number, actor: Actor, note?: string) =>
      move(ctx, id, 'cancel', actor, note),

    /** An administrator moves a member to another plan (an archived one too: members keep theirs). */
    async changePlan(ctx: PluginOperation, id: number, planId: number, actor: Actor, note = '') {
      return ctx.transaction(async (tx) => {
        const member = await memberOrThrow(tx, id);
        const plan = await planOrThrow(tx, planId);
        if (member.plan_id === plan.id) return detail(tx, id);
        // Comping is giving one paid plan for free: it does not carry over to another plan.
        await updateMember(db(tx), id, { plan_id: plan.id, comped: false });
        await recordHistory(db(tx), id, { event: 'plan_changed', plan_id: plan.id, ...by(actor), note });
        // Told by mail, sent when the change commits; an anonymised account has no address left.
        const account = await plugin.accounts.get(tx, member.account_id);
        if (account && account.status !== 'anonymised')
          await plugin.mail.send(tx, 'members.plan_changed', {
            to: account.email,
            locale: account.locale,
            variables: { member: { name: account.name }, plan: { name: plan.name, benefits: plan.benefits } },
          });
        return detail(tx, id);
      });
    },

    /** Gives (or takes back) the member's paid plan for free. */
    async comp(ctx: PluginOperation, id: number, comped: boolean, actor: Actor, note = '') {
      return ctx.transaction(async (tx) => {
        const member = await memberOrThrow(tx, id);
        const plan = await planOrThrow(tx, member.plan_id);
        if (comped && isFree(plan))
          throw errors.ValidationFailed.field(
            'comped',
            'Only a paid plan can be given for free.',
            'members_plan_free',
          );
        if (member.comped === comped) return detail(tx, id);
        await updateMember(db(tx), id, { comped });
        await recordHistory(db(tx), id, {
          event: comped ? 'comped' : 'uncomped',
          plan_id: plan.id,
          ...by(actor),
          note,
        });
        return detail(tx, id);
      });
    },
  };
}

export type MembersService = ReturnType<typeof membersService>;
