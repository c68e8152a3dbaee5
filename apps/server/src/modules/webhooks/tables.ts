import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/** JSON columns: parsed on PostgreSQL (jsonb), text on SQLite; read with `readJson`, write with `writeJson`. */
type Json = unknown;

export interface WebhookTable {
  id: Generated<number>;
  site_id: number;
  url: string;
  description: string;
  /** JSON array of event names and patterns (`post.*`, `*`). */
  events: Json;
  /** Sealed with the installation's key; opened only to sign. */
  secret: string;
  active: number;
  /**
   * The job whose delivery run holds the webhook (one run at a time, so deliveries leave in order);
   * the hold lasts as long as that job's lease.
   */
  draining_job: number | null;
  /** The run holding the webhook: a run that finds another's here has lost it and stops. */
  draining_run: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveryTable {
  id: Generated<number>;
  site_id: number;
  webhook_id: number;
  /** The X-Tessera-Delivery header: the same on every attempt, so receivers drop duplicates. */
  delivery_id: string;
  event: string;
  /** The exact JSON sent. */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  site_id: number;
  delivery_id: number;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** The beginning of the receiver's answer, for the log. */
  response: string | null;
  at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    webhooks: WebhookTable;
    webhook_deliveries: WebhookDeliveryTable;
    webhook_attempts: WebhookAttemptTable;
  }
}
