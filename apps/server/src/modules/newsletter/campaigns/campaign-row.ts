import type { Block } from '@tessera/blocks';
import { readJson } from '../../../core/db/engine.js';
import type { CampaignStatus } from '../tables.js';
import type { CampaignContent } from './campaign-mail.js';
import type { CampaignRow, StatusCounts } from './repo.js';
import type { Audience } from './repo-deliveries.js';

/** How many of a campaign's recipients stand where, while it sends and after. */
export interface CampaignTotals {
  recipients: number;
  queued: number;
  sending: number;
  sent: number;
  failed: number;
  bounced: number;
}

/** A campaign as the API shows it. */
export interface CampaignView {
  id: number;
  subject: string;
  preheader: string;
  from_name: string;
  audience: Audience;
  blocks: Block[];
  status: CampaignStatus;
  scheduled_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  recipient_count: number;
  created_at: string;
  updated_at: string;
  totals?: CampaignTotals;
}

export function readAudience(json: string): Audience {
  const stored = readJson<Partial<Audience>>(json, {});
  return {
    lists: Array.isArray(stored.lists) ? stored.lists.filter((id) => Number.isInteger(id)) : [],
    language: typeof stored.language === 'string' ? stored.language : null,
  };
}

export function contentOfRow(row: CampaignRow): CampaignContent {
  return {
    subject: row.subject,
    preheader: row.preheader,
    from_name: row.from_name,
    language: readAudience(row.audience).language,
    blocks: readJson<Block[]>(row.blocks, []),
  };
}

/** Totals once sending started: the deliveries counted by status. */
export function totalsOf(counts: StatusCounts): CampaignTotals {
  const of = (status: string) => counts[status] ?? 0;
  return {
    recipients: Object.values(counts).reduce((sum, n) => sum + n, 0),
    queued: of('queued'),
    sending: of('sending'),
    sent: of('sent'),
    failed: of('failed'),
    bounced: of('bounced'),
  };
}

export function campaignView(row: CampaignRow, counts?: StatusCounts): CampaignView {
  const { site_id: _site, created_by: _by, audience, blocks, ...rest } = row;
  return {
    ...rest,
    audience: readAudience(audience),
    blocks: readJson<Block[]>(blocks, []),
    ...(counts && row.status !== 'draft' && row.status !== 'scheduled' ? { totals: totalsOf(counts) } : {}),
  };
}
