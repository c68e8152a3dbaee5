import type { PluginContext } from '@tessera/plugin';
import {
  anonymiseHistory,
  deleteMember,
  findMemberOfAccount,
  findPlan,
  historyOf,
  type MembersTables,
  updateMember,
} from './repo.js';

/**
 * The site's accounts' life: a deleted account takes its membership and history with it; an
 * anonymised one keeps its membership (counts by plan stay true) without its profile values or the
 * notes written about it. The export of an account carries its membership, history and profile.
 */
export function accountHooks(plugin: PluginContext): void {
  plugin.hooks.onAction('account.deleted', async (ctx, { account, mode }) => {
    const db = plugin.db<MembersTables>(ctx);
    const member = await findMemberOfAccount(db, account.id);
    if (!member) return;
    if (mode === 'delete') await deleteMember(db, member.id);
    else {
      await updateMember(db, member.id, { profile: {} });
      await anonymiseHistory(db, member.id);
    }
  });

  plugin.hooks.onFilter('account.export', async (data, ctx, account) => {
    const db = plugin.db<MembersTables>(ctx);
    const member = await findMemberOfAccount(db, account.id);
    if (!member) return data;
    const plan = await findPlan(db, member.plan_id);
    return {
      ...data,
      plugins: {
        ...data.plugins,
        members: {
          plan: plan ? { name: plan.name, slug: plan.slug } : null,
          status: member.status,
          comped: member.comped,
          started_at: member.started_at,
          profile: member.profile,
          history: (await historyOf(db, member.id)).map(({ event, created_at }) => ({ event, created_at })),
        },
      },
    };
  });
}
