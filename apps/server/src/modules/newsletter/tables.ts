import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/**
 * Where a subscriber stands: `pending` until the double opt-in link is opened, `subscribed` receives
 * campaigns, the other three never do (`bounced`: a permanent SMTP refusal; `complained`: marked as
 * spam, recorded by an administrator or a provider's feedback).
 */
export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed' | 'bounced' | 'complained';

/** How the address came in. */
export type SubscriberSource = 'form' | 'import' | 'admin';

/** A list people subscribe to; `public` ones are offered on the site's form and subscriber page. */
export interface NewsletterListTable {
  id: Generated<number>;
  site_id: number;
  name: string;
  description: Generated<string>;
  /** 1 or 0. */
  public: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NewsletterSubscriberTable {
  id: Generated<number>;
  site_id: number;
  /** Trimmed and lowercased: one subscriber per address and site. */
  email: string;
  name: Generated<string>;
  status: SubscriberStatus;
  /** A BCP 47 tag: the language campaigns and mails to this subscriber are chosen by; null: the site's. */
  language: string | null;
  source: SubscriberSource;
  /** When and from which address consent was given (the confirmed opt-in, or an import's claim). */
  consent_at: Timestamp | null;
  consent_ip: string | null;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NewsletterMembershipTable {
  site_id: number;
  subscriber_id: number;
  list_id: number;
}

export type ImportStatus = 'pending' | 'running' | 'done' | 'failed';

/** A CSV import, run by a job that reports its progress here. */
export interface NewsletterImportTable {
  id: Generated<number>;
  site_id: number;
  status: ImportStatus;
  file_name: string;
  /** JSON: which CSV column holds the email, name, language (by header name). */
  mapping: string;
  /** JSON: the list ids every imported subscriber joins. */
  list_ids: string;
  /** The status a new subscriber of the file gets: `subscribed`, or `pending` (each is mailed the confirmation). */
  subscriber_status: Generated<'subscribed' | 'pending'>;
  total_bytes: number;
  read_bytes: Generated<number>;
  rows_read: Generated<number>;
  created_count: Generated<number>;
  merged_count: Generated<number>;
  invalid_count: Generated<number>;
  /** JSON: `{ line, message }[]`, the first lines refused (capped). */
  problems: Generated<string>;
  created_by: number | null;
  created_at: Timestamp;
  finished_at: Timestamp | null;
}

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

export interface NewsletterCampaignTable {
  id: Generated<number>;
  site_id: number;
  subject: string;
  preheader: Generated<string>;
  /** The sender's display name; empty: the site's system name. */
  from_name: Generated<string>;
  /** JSON: `{ lists: number[], language: string | null }`; no lists: every subscriber. */
  audience: string;
  /** JSON: the body as a block tree of email-safe blocks. */
  blocks: string;
  status: CampaignStatus;
  scheduled_at: Timestamp | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  recipient_count: Generated<number>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One recipient of one campaign. `queued` → `sending` (claimed by the batch that mails it) →
 * `sent`, `failed` (a temporary refusal, its SMTP answer kept) or `bounced` (a permanent one).
 */
export type DeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'bounced';

export interface NewsletterDeliveryTable {
  id: Generated<number>;
  site_id: number;
  campaign_id: number;
  /** Null once the subscriber is deleted: the report keeps its counts. */
  subscriber_id: number | null;
  email: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  smtp_response: string | null;
  /**
   * The job (its id) whose run moved the row to `sending`: when that job runs again after its worker
   * died, the rows it still holds in `sending` are the messages in doubt.
   */
  claimed_by: number | null;
  /** When a `failed` row may be tried again (a temporary refusal); null: never. */
  retry_at: Timestamp | null;
  queued_at: Timestamp;
  sent_at: Timestamp | null;
  opened_at: Timestamp | null;
  clicked_at: Timestamp | null;
  clicks: Generated<number>;
  unsubscribed_at: Timestamp | null;
}

export type CampaignEventKind = 'sent' | 'failed' | 'bounced' | 'open' | 'click' | 'unsubscribe';

/** What happened to a campaign over time, for the report's chart. */
export interface NewsletterEventTable {
  id: Generated<number>;
  site_id: number;
  campaign_id: number;
  delivery_id: number | null;
  kind: CampaignEventKind;
  /** The link followed, for clicks. */
  url: string | null;
  at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    newsletter_lists: NewsletterListTable;
    newsletter_subscribers: NewsletterSubscriberTable;
    newsletter_memberships: NewsletterMembershipTable;
    newsletter_imports: NewsletterImportTable;
    newsletter_campaigns: NewsletterCampaignTable;
    newsletter_deliveries: NewsletterDeliveryTable;
    newsletter_events: NewsletterEventTable;
  }
}
