import { requirePermission } from '../../core/access/actor.js';
import { ValidationFailed } from '../../core/errors.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { settingsOf } from '../settings/service.js';
import { localDay } from './recorder.js';
import { AnalyticsRepo, type DailyFigure, type Dimension } from './repo.js';
import { DailySalts } from './salts.js';

const VIEW = 'analytics.view';
const DAY_MS = 86_400_000;
/** The longest range a report covers. */
export const MAX_DAYS = 366;

export interface Figures {
  views: number;
  visitors: number;
}

export interface Ranked extends Figures {
  name: string;
}

/** What /api/analytics answers for a range of days. */
export interface AnalyticsReport {
  from: string;
  to: string;
  /** Visitors are unique per day; a range's figure is the sum of its days' (days cannot be linked). */
  totals: Figures;
  daily: Array<Figures & { day: string }>;
  pages: Ranked[];
  sources: { channels: Ranked[]; referrers: Ranked[]; utm_sources: Ranked[] };
  devices: Ranked[];
  browsers: Ranked[];
}

export type ReportName =
  | 'daily'
  | 'pages'
  | 'channels'
  | 'referrers'
  | 'utm_sources'
  | 'devices'
  | 'browsers';

/**
 * Analytics of the public site (spec 1): a range's figures from the daily aggregates, and from the
 * raw views of days not yet aggregated (today), so a report is current; and the daily aggregation,
 * which turns each finished day's raw views into figures and deletes them.
 */
export class AnalyticsService {
  constructor(private readonly runtime: Runtime) {}

  async report(
    ctx: OperationContext,
    range: { from?: string | undefined; to?: string | undefined },
    limit: number,
  ): Promise<AnalyticsReport> {
    requirePermission(ctx.actor, VIEW);
    const { from, to } = await this.range(ctx.site, range);
    const figures = await this.figures(ctx, from, to);
    const sum = (dimension: Dimension, exclude: readonly string[] = []) =>
      ranked(
        figures.filter((figure) => figure.dimension === dimension && !exclude.includes(figure.value)),
        limit,
      );
    const totals = figures.filter((figure) => figure.dimension === 'total');
    const byDay = new Map(totals.map((figure) => [figure.day, figure]));
    const daily: AnalyticsReport['daily'] = [];
    for (let at = Date.parse(from); at <= Date.parse(to); at += DAY_MS) {
      const day = new Date(at).toISOString().slice(0, 10);
      const found = byDay.get(day);
      daily.push({ day, views: found?.views ?? 0, visitors: found?.visitors ?? 0 });
    }
    return {
      from,
      to,
      totals: {
        views: daily.reduce((n, day) => n + day.views, 0),
        visitors: daily.reduce((n, day) => n + day.visitors, 0),
      },
      daily,
      pages: sum('page'),
      // Views from one page of the site to another are not a source.
      sources: {
        channels: sum('channel', ['internal']),
        referrers: sum('referrer'),
        utm_sources: sum('utm_source'),
      },
      devices: sum('device'),
      browsers: sum('browser'),
    };
  }

  /** One report of the range as CSV rows, header first (every row, not only the top ones). */
  async rows(
    ctx: OperationContext,
    range: { from?: string | undefined; to?: string | undefined },
    report: ReportName,
  ): Promise<unknown[][]> {
    const found = await this.report(ctx, range, Number.MAX_SAFE_INTEGER);
    if (report === 'daily')
      return [['day', 'views', 'visitors'], ...found.daily.map((d) => [d.day, d.views, d.visitors])];
    const list =
      report === 'channels' || report === 'referrers' || report === 'utm_sources'
        ? found.sources[report]
        : found[report];
    const label = report === 'pages' ? 'path' : report.replace(/s$/, '');
    return [[label, 'views', 'visitors'], ...list.map((item) => [item.name, item.views, item.visitors])];
  }

  /**
   * Aggregates each finished day of a site (before today in its time zone) that still has raw
   * views, and deletes them, one day per transaction. Returns the days done.
   */
  async aggregate(site: Site): Promise<string[]> {
    const today = localDay((await settingsOf(this.runtime, site, 'general')).time_zone)(Date.now());
    const repo = new AnalyticsRepo(this.runtime.data.site(site.id));
    const done: string[] = [];
    for (const day of await repo.rawDays()) {
      if (day >= today) break;
      await this.runtime.data.transaction(async (tx) => {
        const scoped = new AnalyticsRepo(tx.site(site.id));
        await scoped.addDaily(await scoped.summarize(day, day));
        await scoped.deleteRaw(day);
      });
      done.push(day);
    }
    return done;
  }

  /** Deletes the salts of days over everywhere: their visitors' hashes can never be made again. */
  destroyOldSalts(): Promise<number> {
    return new DailySalts(this.runtime.data.global).destroyOld();
  }

  private async figures(ctx: OperationContext, from: string, to: string): Promise<DailyFigure[]> {
    const repo = new AnalyticsRepo(ctx.db);
    // A day's late views may sit beside its aggregate: they add up, as the aggregation will add them.
    return [...(await repo.daily(from, to)), ...(await repo.summarize(from, to))];
  }

  /** The range asked for, by default the 30 days to today in the site's time zone. */
  private async range(
    site: Site,
    range: { from?: string | undefined; to?: string | undefined },
  ): Promise<{ from: string; to: string }> {
    const today = localDay((await settingsOf(this.runtime, site, 'general')).time_zone)(Date.now());
    const to = checkedDay('to', range.to ?? today);
    const from = checkedDay(
      'from',
      range.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10),
    );
    if (from > to) throw ValidationFailed.field('from', 'Must not be after `to`.');
    if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= MAX_DAYS)
      throw ValidationFailed.field('from', `A report covers at most ${MAX_DAYS} days.`);
    return { from, to };
  }
}

/** A real date (not 2026-02-30), or 422 on the field. */
function checkedDay(field: string, value: string): string {
  const at = Date.parse(value);
  if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== value)
    throw ValidationFailed.field(field, 'A date: YYYY-MM-DD.');
  return value;
}

/** The figures of one dimension summed over the range, most viewed first. */
function ranked(figures: readonly DailyFigure[], limit: number): Ranked[] {
  const sums = new Map<string, Figures>();
  for (const figure of figures) {
    const sum = sums.get(figure.value) ?? { views: 0, visitors: 0 };
    sum.views += figure.views;
    sum.visitors += figure.visitors;
    sums.set(figure.value, sum);
  }
  return [...sums.entries()]
    .map(([name, sum]) => ({ name, ...sum }))
    .sort((a, b) => b.views - a.views || b.visitors - a.visitors || a.name.localeCompare(b.name))
    .slice(0, limit);
}
