import type { Timestamp } from '../../core/db/schema.js';

/** One stored setting of a site; keys never stored read their group's default. */
export interface SiteSettingTable {
  site_id: number;
  group_name: string;
  key: string;
  /** JSON text of the value; a secret's is a sealed string. */
  value: string;
  updated_at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    site_settings: SiteSettingTable;
  }
}
