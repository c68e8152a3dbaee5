import { isbot } from 'isbot';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { deviceOf } from '../public/visitor.js';
import { settingsOf } from '../settings/service.js';
import { browserOf, channelOf, notCounted, pathOf, referrerHost, utmSourceOf } from './classify.js';
import { AnalyticsRepo } from './repo.js';
import { DailySalts } from './salts.js';
import type { AnalyticsEventTable } from './tables.js';

/** A page served, as the request left it: only what analytics needs, kept in memory until the next batch. */
interface ServedView {
  site: Site;
  url: string;
  host: string;
  address: string;
  userAgent: string;
  referer: string | undefined;
  at: number;
}

type Headers = Readonly<Record<string, string | string[] | undefined>>;

export interface RecorderOptions {
  /** A batch is written once this many views wait... */
  batchSize?: number;
  /** ...or this long after the first of them. */
  intervalMs?: number;
  /** Views beyond this many waiting are dropped (a database too slow to keep up). */
  maxWaiting?: number;
  /** The time of a view, ms since the epoch (tests replay a log of days gone by). */
  now?: () => number;
}

type EventRow = Omit<AnalyticsEventTable, 'id' | 'site_id'>;

/**
 * Records page views for the cookieless analytics (spec 1) without slowing the page: `record` only
 * reads two headers and keeps the view in memory; every `intervalMs` (or `batchSize` views) the
 * batch is classified (robots dropped, the visitor hashed with the day's salt, the referrer reduced
 * to its host and channel, the user agent to a device and browser class) and written in one insert
 * per site. The address and user agent are never written.
 */
export class AnalyticsRecorder {
  private waiting: ServedView[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly batchSize: number;
  private readonly intervalMs: number;
  private readonly maxWaiting: number;
  private readonly now: () => number;
  readonly salts: DailySalts;
  /** Views dropped because too many were waiting. */
  dropped = 0;

  constructor(
    private readonly runtime: Runtime,
    options: RecorderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.intervalMs = options.intervalMs ?? 2_000;
    this.maxWaiting = options.maxWaiting ?? 50_000;
    this.now = options.now ?? Date.now;
    this.salts = new DailySalts(runtime.data.global, this.now);
  }

  /** A page of `site` was served to this request (status 200 or 304 to a GET). */
  record(site: Site, url: string, host: string, address: string, headers: Headers): void {
    if (notCounted(headers)) return;
    if (this.waiting.length >= this.maxWaiting) {
      this.dropped++;
      return;
    }
    const referer = headers.referer;
    const userAgent = headers['user-agent'];
    this.waiting.push({
      site,
      url,
      host,
      address,
      userAgent: typeof userAgent === 'string' ? userAgent : '',
      referer: typeof referer === 'string' ? referer : undefined,
      at: this.now(),
    });
    if (this.waiting.length >= this.batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  /** Writes what waits; resolves once it (and any batch before it) is in the database. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.waiting;
    this.waiting = [];
    this.writing = this.writing.then(() =>
      batch.length === 0
        ? undefined
        : this.write(batch).catch((error: unknown) =>
            this.runtime.log.error(
              { err: error, views: batch.length },
              'analytics: a batch of views was lost',
            ),
          ),
    );
    return this.writing;
  }

  private async write(batch: readonly ServedView[]): Promise<void> {
    // Views alike in every column (a visitor reloading a page) make one row with their count.
    const rows = new Map<string, EventRow & { site_id: number }>();
    const days = new Map<number, ((at: number) => string) | null>();
    for (const view of batch) {
      if (view.userAgent === '' || isbot(view.userAgent)) continue;
      let dayOf = days.get(view.site.id);
      if (dayOf === undefined) {
        dayOf = (await settingsOf(this.runtime, view.site, 'analytics')).enabled
          ? localDay((await settingsOf(this.runtime, view.site, 'general')).time_zone)
          : null;
        days.set(view.site.id, dayOf);
      }
      if (!dayOf) continue;
      const day = dayOf(view.at);
      const host = referrerHost(view.referer);
      const row = {
        site_id: view.site.id,
        day,
        path: pathOf(view.url),
        visitor: await this.salts.visitor(day, view.site.id, view.address, view.userAgent),
        channel: channelOf(host, view.host),
        referrer_host: host,
        utm_source: utmSourceOf(view.url),
        device: deviceOf(view.userAgent),
        browser: browserOf(view.userAgent),
        views: 1,
        created_at: new Date(view.at).toISOString(),
      };
      const key = [
        row.site_id,
        day,
        row.path,
        row.visitor,
        row.channel,
        host,
        row.utm_source,
        row.device,
        row.browser,
      ].join('\n');
      const alike = rows.get(key);
      if (alike) alike.views++;
      else rows.set(key, row);
    }
    const bySite = new Map<number, EventRow[]>();
    for (const { site_id, ...row } of rows.values()) {
      const siteRows = bySite.get(site_id);
      if (siteRows) siteRows.push(row);
      else bySite.set(site_id, [row]);
    }
    for (const [siteId, siteRows] of bySite)
      await new AnalyticsRepo(this.runtime.data.site(siteId)).insertEvents(siteRows);
  }

  /** Stops the timer and writes what waits (on close). */
  async close(): Promise<void> {
    await this.flush();
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The date in a time zone, YYYY-MM-DD (the en-CA format is ISO's). */
export function localDay(timeZone: string): (at: number) => string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const zoned = format;
  return (at) => zoned.format(at);
}
