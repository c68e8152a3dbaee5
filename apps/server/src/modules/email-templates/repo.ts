import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import type { MailParts } from '../../core/mail/templates/liquid.js';
import type { EmailTemplateTable } from './tables.js';

export type EmailTemplateRow = Omit<Selectable<EmailTemplateTable>, 'site_id'>;

/** The templates one site customised. */
export class EmailTemplatesRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async find(event: string, locale: string): Promise<EmailTemplateRow | null> {
    const row = await this.db
      .selectFrom('email_templates')
      .select(['event', 'locale', 'subject', 'html', 'text', 'updated_at', 'updated_by'])
      .where('event', '=', event)
      .where('locale', '=', locale)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The languages each event has a template of the site's in. */
  async customisedLocales(): Promise<Map<string, string[]>> {
    const rows = await this.db
      .selectFrom('email_templates')
      .select(['event', 'locale'])
      .orderBy('event')
      .orderBy('locale')
      .execute();
    const locales = new Map<string, string[]>();
    for (const row of rows) locales.set(row.event, [...(locales.get(row.event) ?? []), row.locale]);
    return locales;
  }

  async save(
    event: string,
    locale: string,
    parts: MailParts,
    by: { at: string; userId: number | null },
  ): Promise<void> {
    const changes = { ...parts, updated_at: by.at, updated_by: by.userId };
    await this.db
      .insertInto('email_templates', { event, locale, ...changes })
      .onConflict((conflict) => conflict.columns(['site_id', 'event', 'locale']).doUpdateSet(changes))
      .execute();
  }

  /** Whether there was one to delete. */
  async delete(event: string, locale: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('email_templates')
      .where('event', '=', event)
      .where('locale', '=', locale)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
