import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { containsText } from '../../../core/db/text-search.js';
import type { NewsletterSubscriberTable, SubscriberSource, SubscriberStatus } from '../tables.js';
import '../tables.js';

export type SubscriberRow = Selectable<NewsletterSubscriberTable>;

export interface SubscriberView extends Omit<SubscriberRow, 'site_id'> {
  lists: number[];
}

export interface SubscriberFilter {
  status?: SubscriberStatus;
  list?: number;
  language?: string;
  q?: string;
}

export interface NewSubscriber {
  email: string;
  name: string;
  status: SubscriberStatus;
  language: string | null;
  source: SubscriberSource;
  consent_at: string | null;
  consent_ip: string | null;
  confirmed_at: string | null;
  at: string;
}

export type SubscriberChanges = Partial<Pick<SubscriberRow, 'name' | 'language' | 'consent_ip'>>;

/** One site's subscribers and the lists each is on. */
export class SubscribersRepo {
  constructor(private readonly db: SiteScopedDb) {}

  private filtered(filter: SubscriberFilter) {
    let query = this.db.selectFrom('newsletter_subscribers as s');
    if (filter.status) query = query.where('s.status', '=', filter.status);
    if (filter.language) query = query.where('s.language', '=', filter.language);
    if (filter.q) query = query.where(containsText(['s.email', 's.name'], filter.q));
    const list = filter.list;
    if (list !== undefined)
      query = query.where((eb) =>
        eb.exists(
          this.db
            .selectFrom('newsletter_memberships as m')
            .select('m.list_id')
            .where('m.subscriber_id', '=', eb.ref('s.id'))
            .where('m.list_id', '=', list),
        ),
      );
    return query;
  }

  /** A page of the matching subscribers, newest first. */
  async page(filter: SubscriberFilter, page: number, limit: number) {
    const query = this.filtered(filter);
    const [rows, total] = await Promise.all([
      query
        .selectAll('s')
        .orderBy('s.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: await this.withLists(rows), total: Number(total.n) };
  }

  /** The matching subscribers after `afterId`, oldest first: an export's next batch. */
  async batch(filter: SubscriberFilter, afterId: number, size: number): Promise<SubscriberView[]> {
    const rows = await this.filtered(filter)
      .selectAll('s')
      .where('s.id', '>', afterId)
      .orderBy('s.id')
      .limit(size)
      .execute();
    return this.withLists(rows);
  }

  async byId(id: number): Promise<SubscriberView | null> {
    const row = await this.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? ((await this.withLists([row]))[0] ?? null) : null;
  }

  async byEmail(email: string): Promise<SubscriberRow | undefined> {
    return this.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
  }

  /** The subscribers of these addresses, by address. */
  async byEmails(emails: readonly string[]): Promise<Map<string, SubscriberRow>> {
    if (emails.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('newsletter_subscribers')
      .selectAll()
      .where('email', 'in', emails)
      .execute();
    return new Map(rows.map((row) => [row.email, row]));
  }

  async insert(values: NewSubscriber): Promise<number> {
    return (await this.insertMany([values]))[0]?.id ?? 0;
  }

  /**
   * Inserts the subscribers whose address is not taken yet (a concurrent form post may have taken
   * one since it was looked up): the ids of those inserted, by address.
   */
  async insertMany(values: readonly NewSubscriber[]): Promise<Array<{ id: number; email: string }>> {
    if (values.length === 0) return [];
    return this.db
      .insertInto(
        'newsletter_subscribers',
        values.map(({ at, ...row }) => ({ ...row, created_at: at, updated_at: at })),
      )
      .onConflict((oc) => oc.columns(['site_id', 'email']).doNothing())
      .returning(['id', 'email'])
      .execute();
  }

  async update(id: number, changes: SubscriberChanges, at: string): Promise<void> {
    await this.db
      .updateTable('newsletter_subscribers')
      .set({ ...changes, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Marks the opt-in asked again (the form posted for an address that is not subscribed). */
  async askAgain(id: number, consentIp: string | null, at: string): Promise<void> {
    await this.db
      .updateTable('newsletter_subscribers')
      .set({ status: 'pending', consent_ip: consentIp, updated_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Consent recorded as given now (the confirmed opt-in, or an administrator's claim). */
  async consented(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('newsletter_subscribers')
      .set({ consent_at: at })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('newsletter_memberships').where('subscriber_id', '=', id).execute();
    await this.db.deleteFrom('newsletter_subscribers').where('id', '=', id).execute();
  }

  /** Puts the subscribers on these lists (those they are on already stay). */
  async join(subscriberIds: readonly number[], listIds: readonly number[]): Promise<void> {
    const rows = subscriberIds.flatMap((subscriber_id) =>
      listIds.map((list_id) => ({ subscriber_id, list_id })),
    );
    // A few hundred rows per statement keeps under SQLite's and PostgreSQL's parameter limits.
    for (let i = 0; i < rows.length; i += 500)
      await this.db
        .insertInto('newsletter_memberships', rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['subscriber_id', 'list_id']).doNothing())
        .execute();
  }

  /** The subscriber is on exactly these lists afterwards. */
  async setLists(subscriberId: number, listIds: readonly number[]): Promise<void> {
    let removal = this.db.deleteFrom('newsletter_memberships').where('subscriber_id', '=', subscriberId);
    if (listIds.length > 0) removal = removal.where('list_id', 'not in', listIds);
    await removal.execute();
    await this.join([subscriberId], listIds);
  }

  private async withLists(rows: SubscriberRow[]): Promise<SubscriberView[]> {
    const ids = rows.map((row) => row.id);
    const memberships =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('newsletter_memberships')
            .select(['subscriber_id', 'list_id'])
            .where('subscriber_id', 'in', ids)
            .orderBy('list_id')
            .execute();
    const lists = new Map<number, number[]>();
    for (const { subscriber_id, list_id } of memberships)
      lists.set(subscriber_id, [...(lists.get(subscriber_id) ?? []), list_id]);
    return rows.map(({ site_id: _site, ...row }) => ({ ...row, lists: lists.get(row.id) ?? [] }));
  }
}
