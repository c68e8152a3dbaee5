import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/**
 * Page views, kept only until their day is aggregated (analytics_daily): one row for the views of
 * a batch that are alike in every column (a visitor reloading a page). No address, cookie or user
 * agent: the visitor is a hash with a salt of the day, destroyed when the day is over.
 */
export interface AnalyticsEventTable {
  id: Generated<number>;
  site_id: number;
  /** The site's date of the view (its time zone), YYYY-MM-DD. */
  day: string;
  path: string;
  /** Hash of the site, address and user agent with the day's salt: counts visitors, links no days. */
  visitor: string;
  /** direct, internal, search, social or other (classify.ts). */
  channel: string;
  referrer_host: string | null;
  utm_source: string | null;
  /** desktop, tablet or mobile. */
  device: string;
  browser: string;
  views: number;
  /** The first of the views. */
  created_at: Timestamp;
}

/**
 * A day's figures: views and unique visitors, in total (dimension `total`, value '') and by page,
 * channel, referrer, utm_source, device and browser.
 */
export interface AnalyticsDailyTable {
  id: Generated<number>;
  site_id: number;
  day: string;
  dimension: string;
  value: string;
  views: number;
  visitors: number;
}

/** The salt of each date still in progress somewhere; a day's salt is deleted once it is over everywhere. */
export interface AnalyticsSaltTable {
  day: string;
  salt: string;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    analytics_events: AnalyticsEventTable;
    analytics_daily: AnalyticsDailyTable;
  }
  interface GlobalTables {
    analytics_salts: AnalyticsSaltTable;
  }
}
