import type { Generated } from 'kysely';
import type { Timestamp } from '../db/schema.js';

export interface ActivityTable {
  id: Generated<number>;
  site_id: number;
  user_id: number | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  ip: string | null;
  details: unknown;
  created_at: Timestamp;
}

declare module '../db/schema.js' {
  interface SiteTables {
    activity_log: ActivityTable;
  }
}
