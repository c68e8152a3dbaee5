import type { Block } from '@tessera/blocks';

/** What the campaign editor changes, as the API takes it. */
export interface CampaignDraft {
  subject: string;
  preheader: string;
  from_name: string;
  audience: { lists: number[]; language: string | null };
  blocks: Block[];
}

export const EMPTY_DRAFT: CampaignDraft = {
  subject: '',
  preheader: '',
  from_name: '',
  audience: { lists: [], language: null },
  blocks: [],
};

/** The editable part of a campaign the API answered. */
export function draftOf(campaign: CampaignDraft): CampaignDraft {
  return {
    subject: campaign.subject,
    preheader: campaign.preheader,
    from_name: campaign.from_name,
    audience: { lists: [...campaign.audience.lists], language: campaign.audience.language },
    blocks: campaign.blocks,
  };
}

/** Whether two drafts say the same (the editor's unsaved-changes flag). */
export function sameDraft(a: CampaignDraft, b: CampaignDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
