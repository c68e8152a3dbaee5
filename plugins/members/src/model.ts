/** The plugin's permissions, statuses and the shapes its API answers. */

export const VIEW = 'members.view';
export const MANAGE = 'members.manage';
export const MANAGE_PLANS = 'members.manage_plans';
export const RESTRICT = 'members.restrict';

/** A membership's standing. Part 2 adds `past_due` (a paid plan whose renewal failed). */
export type MemberStatus = 'active' | 'suspended' | 'cancelled';
export const MEMBER_STATUSES: readonly MemberStatus[] = ['active', 'suspended', 'cancelled'];

/** What happened to a membership, one history row each. */
export type HistoryEvent =
  | 'joined'
  | 'plan_changed'
  | 'comped'
  | 'uncomped'
  | 'suspended'
  | 'resumed'
  | 'cancelled';

export type BillingInterval = 'month' | 'year';

export interface Plan {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** 0 for a free plan; minor units otherwise. */
  price: number;
  /** ISO 4217, null for a free plan. */
  currency: string | null;
  interval: BillingInterval | null;
  trial_days: number;
  benefits: string[];
  archived: boolean;
  position: number;
  created_at: string;
  updated_at: string;
}

export const isFree = (plan: Pick<Plan, 'price'>) => plan.price === 0;

/** Where a profile field is asked: on joining (and the profile page), or on the profile page only. */
export type ShownAt = 'registration' | 'profile';

export interface Member {
  id: number;
  account_id: number;
  plan_id: number;
  status: MemberStatus;
  comped: boolean;
  profile: Record<string, unknown>;
  started_at: string;
  updated_at: string;
}

export interface HistoryItem {
  event: HistoryEvent;
  plan_id: number | null;
  /** The admin user who did it; null when the member did it on the site. */
  by_user_id: number | null;
  by_member: boolean;
  note: string;
  created_at: string;
}
