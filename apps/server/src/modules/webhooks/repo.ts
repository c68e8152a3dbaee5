import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import './tables.js';
import type { DeliveryStatus, WebhookAttemptTable, WebhookDeliveryTable, WebhookTable } from './tables.js';

export type WebhookRow = Selectable<WebhookTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;
export type AttemptRow = Selectable<WebhookAttemptTable>;

/** Webhooks of one site and their delivery log. */
export class WebhooksRepo {
  constructor(private readonly db: SiteScopedDb) {}

  list(): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().orderBy('id').execute();
  }

  async byId(id: number): Promise<WebhookRow | null> {
    return (await this.db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  active(): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().where('active', '=', 1).orderBy('id').execute();
  }

  async insert(
    values: Omit<WebhookTable, 'id' | 'site_id' | 'draining_job' | 'draining_run'>,
  ): Promise<number> {
    const row = await this.db
      .insertInto('webhooks', { ...values, draining_job: null, draining_run: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Partial<Omit<WebhookTable, 'id' | 'site_id'>>): Promise<void> {
    await this.db.updateTable('webhooks').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('webhooks').where('id', '=', id).execute();
  }

  /**
   * Takes the webhook for delivery run `run` of job `job`, if the run holding it is still `holder`
   * (null: none): a compare-and-set, so of two runs taking over the same dead one only one gets it.
   */
  async takeRun(id: number, holder: string | null, job: number, run: string): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set({ draining_job: job, draining_run: run })
      .where('id', '=', id)
      .where('draining_run', holder === null ? 'is' : '=', holder)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Lets go of the webhook, unless another run has taken it over meanwhile. */
  async releaseRun(id: number, run: string): Promise<void> {
    await this.db
      .updateTable('webhooks')
      .set({ draining_job: null, draining_run: null })
      .where('id', '=', id)
      .where('draining_run', '=', run)
      .execute();
  }

  /** The webhooks with a delivery to send now (pending, its retry time passed or none). */
  async withDueDeliveries(now: string): Promise<WebhookRow[]> {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('webhook_deliveries')
            .select('webhook_deliveries.id')
            .whereRef('webhook_deliveries.webhook_id', '=', 'webhooks.id')
            .where('webhook_deliveries.status', '=', 'pending')
            .where((inner) =>
              inner.or([
                inner('webhook_deliveries.next_attempt_at', 'is', null),
                inner('webhook_deliveries.next_attempt_at', '<=', now),
              ]),
            ),
        ),
      )
      .orderBy('id')
      .execute();
  }

  async insertDelivery(values: Omit<WebhookDeliveryTable, 'id' | 'site_id'>): Promise<number> {
    const row = await this.db
      .insertInto('webhook_deliveries', values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async delivery(webhookId: number, id: number): Promise<DeliveryRow | null> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The oldest delivery of the webhook still to send; the run sends them in this order. */
  async nextPending(webhookId: number): Promise<DeliveryRow | null> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  async updateDelivery(
    id: number,
    changes: {
      status: DeliveryStatus;
      attempts?: number;
      next_attempt_at: string | null;
      updated_at: string;
    },
  ): Promise<void> {
    await this.db.updateTable('webhook_deliveries').set(changes).where('id', '=', id).execute();
  }

  async deliveries(webhookId: number, page: number, limit: number) {
    const base = this.db.selectFrom('webhook_deliveries').where('webhook_id', '=', webhookId);
    const counted = await base
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { rows, total: Number(counted.n) };
  }

  async insertAttempt(values: Omit<WebhookAttemptTable, 'id' | 'site_id'>): Promise<void> {
    await this.db.insertInto('webhook_attempts', values).execute();
  }

  async attemptsOf(deliveryIds: readonly number[]): Promise<AttemptRow[]> {
    if (deliveryIds.length === 0) return [];
    return this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('id')
      .execute();
  }

  /** Deletes finished deliveries (and their attempts) made before `cutoff`; returns how many. */
  async pruneBefore(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('webhook_deliveries')
      .where('created_at', '<', cutoff)
      .where('status', '!=', 'pending')
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
