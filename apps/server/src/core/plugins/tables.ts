import type { Timestamp } from '../db/schema.js';

export interface PluginTable {
  name: string;
  version: string;
  /** Absolute path of the installed copy. */
  folder: string;
  installed_at: Timestamp;
  updated_at: Timestamp;
}

export interface PluginSiteTable {
  plugin: string;
  site_id: number;
  activated_at: Timestamp;
}

declare module '../db/schema.js' {
  interface GlobalTables {
    plugins: PluginTable;
    plugin_sites: PluginSiteTable;
  }
}
