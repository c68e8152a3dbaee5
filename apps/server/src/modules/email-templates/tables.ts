import type { Timestamp } from '../../core/db/schema.js';

/** A site's own template for one mail event in one language, in place of the default. */
export interface EmailTemplateTable {
  site_id: number;
  /** The mail event (`account.verify`). */
  event: string;
  /** A base language (`fr`): the recipients it is for. */
  locale: string;
  subject: string;
  html: string;
  text: string;
  updated_at: Timestamp;
  /** Who saved it last; null once that user is deleted. */
  updated_by: number | null;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    email_templates: EmailTemplateTable;
  }
}
