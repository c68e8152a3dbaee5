import { isbot } from 'isbot';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { deviceOf } from '../public/visitor.js';
import { settingsOf } from '../settings/service.js';
import { browserOf, channelOf, notCounted, pathOf, referrerHost, utmSourceOf } from './classify.js';
import { AnalyticsRepo } from './repo.js';
import { DailySalts } from './salts.js';
import type { AnalyticsEventTable } from './tables.js';

/**
 * Pages served alike (same site, address, user agent, address asked and referrer), as the requests
 * left them: only what analytics needs, kept in memory until the next batch, with how many.
 */
interface ServedViews {
  site: Site;
  url: string;
  host: string;
  address: string;
  userAgent: string;
  referer: string | undefined;
  /** The first one's time. */
  at: number;
  views: number;
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

type Waiting = Map<number, Map<number, Map<string, Map<string, Map<string, Map<string, ServedViews>>>>>>;

/** The map under `key`, made when missing. */
function child<K, C extends Map<unknown, unknown>>(parent: Map<K, C>, key: K): C {
  let found = parent.get(key);
  if (!found) {
    found = new Map() as C;
    parent.set(key, found);
  }
  return found;
}

/**
 * Records page views for the cookieless analytics (spec 1) without slowing the page: `record` only
 * reads a few headers and counts the view in memory, with the views alike to it; every
 * `intervalMs` (or `batchSize` different views) the batch is classified (robots dropped, the
 * visitor hashed with the day's salt, the referrer reduced to its host and channel, the user agent
 * to a device and browser class) and written in one insert per site. Memory stays bounded however
 * fast pages are served: alike views are one entry, and past `maxWaiting` different ones the rest
 * are dropped until the database catches up. The address and user agent are never written.
 */
export class AnalyticsRecorder {
  /**
   * Views waiting for the next batch, alike ones together (a visitor reloading a page): by site id,
   * quarter hour, address asked, client address, user agent and referrer.
   */
  private waiting: Waiting = new Map();
  /** Different views waiting. */
  private count = 0;
  private timer: NodeJS.Timeout | null = null;
  private draining: Promise<void> | null = null;
  private readonly batchSize: number;
  private readonly intervalMs: number;
  private readonly maxWaiting: number;
  private readonly now: () => number;
  readonly salts: DailySalts;
  /** Views dropped because too many different ones were waiting (a database too slow to keep up). */
  dropped = 0;

  constructor(
    private readonly runtime: Runtime,
    options: RecorderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 1_000;
    this.intervalMs = options.intervalMs ?? 2_000;
    this.maxWaiting = options.maxWaiting ?? 20_000;
    this.now = options.now ?? Date.now;
    this.salts = new DailySalts(runtime.data.global, this.now);
  }

  /** A page of `site` was served to this request (status 200 or 304 to a GET). */
  record(site: Site, url: string, host: string, address: string, headers: Headers): void {
    if (notCounted(headers)) return;
    const agent = headers['user-agent'];
    const referrer = headers.referer;
    const userAgent = typeof agent === 'string' ? agent : '';
    const referer = typeof referrer === 'string' ? referrer : '';
    const at = this.now();
    // Alike within a quarter of an hour: every time zone's midnight falls between two quarters, so
    // views merged are always of the same day wherever the site is. One map per part of the key:
    // a key joined into one string cost a copy and a hash of some 200 characters per request.
    const byUrl = child(child(this.waiting, site.id), Math.floor(at / 900_000));
    const byAddress = child(byUrl, url);
    const byAgent = child(byAddress, address);
    const byReferer = child(byAgent, userAgent);
    const alike = byReferer.get(referer);
    if (alike) {
      alike.views++;
      return;
    }
    if (this.count >= this.maxWaiting) {
      this.dropped++;
      return;
    }
    byReferer.set(referer, {
      site,
      url,
      host,
      address,
      userAgent,
      referer: referer || undefined,
      at,
      views: 1,
    });
    this.count++;
    if (this.count >= this.batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
  }

  /**
   * Writes what waits, one batch at a time (views keep gathering meanwhile, alike ones merged);
   * resolves once nothing waits.
   */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.draining)
      this.draining = this.drain().finally(() => {
        this.draining = null;
      });
    return this.draining;
  }

  private async drain(): Promise<void> {
    while (this.count > 0) {
      const batch: ServedViews[] = [];
      for (const byQuarter of this.waiting.values())
        for (const byUrl of byQuarter.values())
          for (const byAddress of byUrl.values())
            for (const byAgent of byAddress.values())
              for (const byReferer of byAgent.values()) batch.push(...byReferer.values());
      this.waiting = new Map();
      this.count = 0;
      await this.write(batch).catch((error: unknown) =>
        this.runtime.log.error({ err: error, views: batch.length }, 'analytics: a batch of views was lost'),
      );
    }
  }

  private async write(batch: readonly ServedViews[]): Promise<void> {
    // Views alike in every column (a visitor reloading a page) make one row with their count.
    const rows = new Map<string, EventRow & { site_id: number }>();
    const days = new Map<number, ((at: number) => string) | null>();
    const robots = new Map<string, boolean>();
    for (const view of batch) {
      let robot = robots.get(view.userAgent);
      if (robot === undefined) {
        robot = view.userAgent === '' || isbot(view.userAgent);
        robots.set(view.userAgent, robot);
      }
      if (robot) continue;
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
        views: view.views,
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
      if (alike) alike.views += view.views;
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
