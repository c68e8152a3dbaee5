import type { MembersDb } from './repo.js';

/** Who may read a restricted entry: any active member, or active members of the plans listed. */
export interface Restriction {
  entry_id: number;
  audience: 'members' | 'plans';
  plan_ids: number[];
}

export async function findRestriction(db: MembersDb, entryId: number): Promise<Restriction | null> {
  const row = await db
    .selectFrom('members_restrictions')
    .select(['entry_id', 'audience', 'plan_ids'])
    .where('entry_id', '=', entryId)
    .executeTakeFirst();
  return row
    ? {
        entry_id: Number(row.entry_id),
        audience: row.audience === 'plans' ? 'plans' : 'members',
        plan_ids: (JSON.parse(row.plan_ids) as unknown[]).map(Number),
      }
    : null;
}

/** Restricts the entry (a new row or the one it had), or makes it public again (null). */
export async function saveRestriction(
  db: MembersDb,
  entryId: number,
  restriction: Omit<Restriction, 'entry_id'> | null,
): Promise<void> {
  await db.deleteFrom('members_restrictions').where('entry_id', '=', entryId).execute();
  if (restriction)
    await db
      .insertInto('members_restrictions', {
        entry_id: entryId,
        audience: restriction.audience,
        plan_ids: JSON.stringify(restriction.plan_ids),
        updated_at: new Date().toISOString(),
      })
      .execute();
}
