import type { SiteScopedDb } from '../../core/db/data.js';
import type { AnalyticsEventTable } from './tables.js';

/** What a day's figures are broken down by; `total` has the one value ''. */
export type Dimension = 'total' | 'page' | 'channel' | 'referrer' | 'utm_source' | 'device' | 'browser';

export interface DailyFigure {
  day: string;
  dimension: Dimension;
  value: string;
  views: number;
  visitors: number;
}

/** Each dimension's column of analytics_events; referrers are other sites only. */
const COLUMNS = {
  page: 'path',
  channel: 'channel',
  referrer: 'referrer_host',
  utm_source: 'utm_source',
  device: 'device',
  browser: 'browser',
} as const;

/** A site's recorded views and daily figures. */
export class AnalyticsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  /** Recorded views, in batches of 500 rows. */
  async insertEvents(rows: readonly Omit<AnalyticsEventTable, 'id' | 'site_id'>[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 500)
      await this.db.insertInto('analytics_events', rows.slice(start, start + 500)).execute();
  }

  /** The days that still have raw views, oldest first. */
  async rawDays(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('analytics_events')
      .select('day')
      .distinct()
      .orderBy('day')
      .execute();
    return rows.map((row) => row.day);
  }

  /**
   * The figures of the raw views of days `from` to `to`: views, and unique visitors (distinct
   * hashes: the same person seen on ten pages of a day is one visitor of that day).
   */
  async summarize(from: string, to: string): Promise<DailyFigure[]> {
    const events = () =>
      this.db.selectFrom('analytics_events').where('day', '>=', from).where('day', '<=', to);
    const figures: DailyFigure[] = [];
    const totals = await events()
      .select((eb) => [
        'day',
        eb.fn.sum<number | string>('views').as('views'),
        eb.fn.count<number | string>('visitor').distinct().as('visitors'),
      ])
      .groupBy('day')
      .execute();
    for (const row of totals)
      figures.push({
        day: row.day,
        dimension: 'total',
        value: '',
        views: Number(row.views),
        visitors: Number(row.visitors),
      });
    for (const [dimension, column] of Object.entries(COLUMNS) as Array<
      [Dimension, (typeof COLUMNS)[keyof typeof COLUMNS]]
    >) {
      let query = events().where(column, 'is not', null);
      if (dimension === 'referrer') query = query.where('channel', '!=', 'internal');
      const rows = await query
        .select((eb) => [
          'day',
          eb.ref(column).as('value'),
          eb.fn.sum<number | string>('views').as('views'),
          eb.fn.count<number | string>('visitor').distinct().as('visitors'),
        ])
        .groupBy(['day', column])
        .execute();
      for (const row of rows)
        figures.push({
          day: row.day,
          dimension,
          value: String(row.value),
          views: Number(row.views),
          visitors: Number(row.visitors),
        });
    }
    return figures;
  }

  /** Adds figures to the stored ones (a day's late views add to what was aggregated of it). */
  async addDaily(figures: readonly DailyFigure[]): Promise<void> {
    for (let start = 0; start < figures.length; start += 500)
      await this.db
        .insertInto('analytics_daily', figures.slice(start, start + 500))
        .onConflict((conflict) =>
          conflict.columns(['site_id', 'day', 'dimension', 'value']).doUpdateSet((eb) => ({
            views: eb('analytics_daily.views', '+', eb.ref('excluded.views')),
            visitors: eb('analytics_daily.visitors', '+', eb.ref('excluded.visitors')),
          })),
        )
        .execute();
  }

  async deleteRaw(day: string): Promise<number> {
    const result = await this.db.deleteFrom('analytics_events').where('day', '=', day).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The stored figures of days `from` to `to`. */
  async daily(from: string, to: string): Promise<DailyFigure[]> {
    const rows = await this.db
      .selectFrom('analytics_daily')
      .select(['day', 'dimension', 'value', 'views', 'visitors'])
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    return rows.map((row) => ({ ...row, dimension: row.dimension as Dimension }));
  }
}
