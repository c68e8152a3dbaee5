import type { PluginDb } from '@tessera/plugin';
import type { HistoryEvent, HistoryItem, Member, MemberStatus, Plan, ShownAt } from './model.js';

/**
 * The plugin's tables and their queries, always through the site-scoped handle `plugin.db(ctx)`:
 * a plan or a member of another site is not found. JSON columns are text, parsed here.
 */

/** Kysely's `Generated<T>` written out: a plugin imports nothing but `@tessera/plugin`. */
type Generated<T> = { readonly __select__: T; readonly __insert__: T | undefined; readonly __update__: T };

interface PlanRow {
  id: Generated<number>;
  site_id: number;
  name: string;
  slug: string;
  description: string;
  price: number;
  currency: string | null;
  interval: string | null;
  trial_days: number;
  benefits: string;
  archived: number;
  position: number;
  created_at: string;
  updated_at: string;
}

interface MemberRow {
  id: Generated<number>;
  site_id: number;
  account_id: number;
  plan_id: number;
  status: string;
  comped: number;
  profile: string;
  started_at: string;
  updated_at: string;
}

interface HistoryRow {
  id: Generated<number>;
  site_id: number;
  member_id: number;
  event: string;
  plan_id: number | null;
  by_user_id: number | null;
  by_member: number;
  note: string;
  created_at: string;
}

interface ProfileFieldRow {
  id: Generated<number>;
  site_id: number;
  key: string;
  definition: string;
  shown_at: string;
  position: number;
}

/** An entry's restriction (repo-restrictions.ts): no row means the entry is public. */
interface RestrictionRow {
  id: Generated<number>;
  site_id: number;
  entry_id: number;
  audience: string;
  /** JSON array of plan ids, empty for `members`. */
  plan_ids: string;
  updated_at: string;
}

export interface MembersTables {
  members_plans: PlanRow;
  members_members: MemberRow;
  members_history: HistoryRow;
  members_profile_fields: ProfileFieldRow;
  members_restrictions: RestrictionRow;
}

export type MembersDb = PluginDb<MembersTables>;

export type PlanValues = Omit<Plan, 'id' | 'created_at' | 'updated_at'>;

const now = () => new Date().toISOString();

function planOf(row: Omit<PlanRow, 'id'> & { id: number }): Plan {
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    description: row.description,
    price: Number(row.price),
    currency: row.currency,
    interval: row.interval as Plan['interval'],
    trial_days: Number(row.trial_days),
    benefits: JSON.parse(row.benefits) as string[],
    archived: Number(row.archived) === 1,
    position: Number(row.position),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function planRow(values: Partial<PlanValues>) {
  const { benefits, archived, ...rest } = values;
  return {
    ...rest,
    ...(benefits === undefined ? {} : { benefits: JSON.stringify(benefits) }),
    ...(archived === undefined ? {} : { archived: archived ? 1 : 0 }),
  };
}

function memberOf(row: Omit<MemberRow, 'id'> & { id: number }): Member {
  return {
    id: Number(row.id),
    account_id: Number(row.account_id),
    plan_id: Number(row.plan_id),
    status: row.status as MemberStatus,
    comped: Number(row.comped) === 1,
    profile: JSON.parse(row.profile) as Record<string, unknown>,
    started_at: row.started_at,
    updated_at: row.updated_at,
  };
}

export async function listPlans(db: MembersDb, options: { activeOnly?: boolean } = {}): Promise<Plan[]> {
  let query = db.selectFrom('members_plans').selectAll().orderBy('position').orderBy('id');
  if (options.activeOnly) query = query.where('archived', '=', 0);
  return (await query.execute()).map(planOf);
}

export async function findPlan(db: MembersDb, id: number): Promise<Plan | null> {
  const row = await db.selectFrom('members_plans').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? planOf(row) : null;
}

export async function findPlanBySlug(db: MembersDb, slug: string): Promise<Plan | null> {
  const row = await db.selectFrom('members_plans').selectAll().where('slug', '=', slug).executeTakeFirst();
  return row ? planOf(row) : null;
}

export async function insertPlan(db: MembersDb, values: PlanValues): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('members_plans', {
      ...values,
      benefits: JSON.stringify(values.benefits),
      archived: values.archived ? 1 : 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePlan(db: MembersDb, id: number, values: Partial<PlanValues>): Promise<void> {
  await db
    .updateTable('members_plans')
    .set({ ...planRow(values), updated_at: now() })
    .where('id', '=', id)
    .execute();
}

export async function deletePlan(db: MembersDb, id: number): Promise<void> {
  await db.deleteFrom('members_plans').where('id', '=', id).execute();
}

/** Members of each plan by status: `{ [planId]: { active, suspended, cancelled } }`. */
export async function countsByPlan(db: MembersDb): Promise<Map<number, Record<MemberStatus, number>>> {
  const rows = await db
    .selectFrom('members_members')
    .select((eb) => ['plan_id', 'status', eb.fn.countAll<number | string>().as('count')])
    .groupBy(['plan_id', 'status'])
    .execute();
  const counts = new Map<number, Record<MemberStatus, number>>();
  for (const row of rows) {
    const planId = Number(row.plan_id);
    const each = counts.get(planId) ?? { active: 0, suspended: 0, cancelled: 0 };
    each[row.status as MemberStatus] = Number(row.count);
    counts.set(planId, each);
  }
  return counts;
}

export async function findMember(db: MembersDb, id: number): Promise<Member | null> {
  const row = await db.selectFrom('members_members').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? memberOf(row) : null;
}

export async function findMemberOfAccount(db: MembersDb, accountId: number): Promise<Member | null> {
  const row = await db
    .selectFrom('members_members')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row ? memberOf(row) : null;
}

export async function insertMember(
  db: MembersDb,
  values: { account_id: number; plan_id: number; comped: boolean; profile: Record<string, unknown> },
): Promise<number> {
  const at = now();
  const row = await db
    .insertInto('members_members', {
      account_id: values.account_id,
      plan_id: values.plan_id,
      status: 'active',
      comped: values.comped ? 1 : 0,
      profile: JSON.stringify(values.profile),
      started_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateMember(
  db: MembersDb,
  id: number,
  values: Partial<{
    plan_id: number;
    status: MemberStatus;
    comped: boolean;
    profile: Record<string, unknown>;
    started_at: string;
  }>,
): Promise<void> {
  const { comped, profile, ...rest } = values;
  await db
    .updateTable('members_members')
    .set({
      ...rest,
      ...(comped === undefined ? {} : { comped: comped ? 1 : 0 }),
      ...(profile === undefined ? {} : { profile: JSON.stringify(profile) }),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

export interface MemberFilter {
  planId?: number;
  status?: MemberStatus;
  accountIds?: readonly number[];
}

export async function listMembers(
  db: MembersDb,
  filter: MemberFilter,
  page: { offset: number; limit: number },
): Promise<{ items: Member[]; total: number }> {
  let query = db.selectFrom('members_members');
  if (filter.planId !== undefined) query = query.where('plan_id', '=', filter.planId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.accountIds !== undefined) {
    if (filter.accountIds.length === 0) return { items: [], total: 0 };
    query = query.where('account_id', 'in', [...filter.accountIds]);
  }
  const counted = await query
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { items: rows.map(memberOf), total: Number(counted?.total ?? 0) };
}

/** Every membership, oldest first, a page at a time: for the export. */
export async function* allMembers(db: MembersDb, pageSize = 500): AsyncGenerator<Member[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('members_members')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(memberOf);
    after = Number(rows[rows.length - 1]?.id);
  }
}

export async function deleteMember(db: MembersDb, id: number): Promise<void> {
  await db.deleteFrom('members_history').where('member_id', '=', id).execute();
  await db.deleteFrom('members_members').where('id', '=', id).execute();
}

export async function recordHistory(
  db: MembersDb,
  memberId: number,
  item: Omit<HistoryItem, 'created_at'>,
): Promise<void> {
  await db
    .insertInto('members_history', {
      member_id: memberId,
      event: item.event,
      plan_id: item.plan_id,
      by_user_id: item.by_user_id,
      by_member: item.by_member ? 1 : 0,
      note: item.note,
      created_at: now(),
    })
    .execute();
}

export async function historyOf(db: MembersDb, memberId: number): Promise<HistoryItem[]> {
  const rows = await db
    .selectFrom('members_history')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    event: row.event as HistoryEvent,
    plan_id: row.plan_id === null ? null : Number(row.plan_id),
    by_user_id: row.by_user_id === null ? null : Number(row.by_user_id),
    by_member: Number(row.by_member) === 1,
    note: row.note,
    created_at: row.created_at,
  }));
}

/** Drops the names of admins from a member's history, for an anonymised account. */
export async function anonymiseHistory(db: MembersDb, memberId: number): Promise<void> {
  await db.updateTable('members_history').set({ note: '' }).where('member_id', '=', memberId).execute();
}

export interface StoredProfileField {
  key: string;
  definition: Record<string, unknown>;
  shown_at: ShownAt;
  position: number;
}

export async function listProfileFields(db: MembersDb): Promise<StoredProfileField[]> {
  const rows = await db.selectFrom('members_profile_fields').selectAll().orderBy('position').execute();
  return rows.map((row) => ({
    key: row.key,
    definition: JSON.parse(row.definition) as Record<string, unknown>,
    shown_at: row.shown_at as ShownAt,
    position: Number(row.position),
  }));
}

export async function replaceProfileFields(
  db: MembersDb,
  fields: readonly StoredProfileField[],
): Promise<void> {
  await db.deleteFrom('members_profile_fields').execute();
  if (fields.length === 0) return;
  await db
    .insertInto(
      'members_profile_fields',
      fields.map((field) => ({
        key: field.key,
        definition: JSON.stringify(field.definition),
        shown_at: field.shown_at,
        position: field.position,
      })),
    )
    .execute();
}
