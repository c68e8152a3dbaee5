import { requirePermission } from '../../../core/access/actor.js';
import type { Page } from '../../../core/http/envelope.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { csvLine } from '../../activity/csv.js';
import { settingsOf } from '../../settings/service.js';
import type { CampaignEventKind, DeliveryStatus } from '../tables.js';
import { RECIPIENT_COLUMNS, ReportRepo } from './repo-report.js';
import type { CampaignsService } from './service.js';

const KINDS: readonly CampaignEventKind[] = ['sent', 'failed', 'bounced', 'open', 'click', 'unsubscribe'];
const TOP_LINKS = 10;
const CSV_CHUNK = 1000;

export type RecipientView = Awaited<ReturnType<ReportRepo['recipients']>>['rows'][number];

/** A campaign's report: totals, a chart of what happened hour by hour, the links followed, its recipients. */
export class CampaignReports {
  constructor(
    private readonly runtime: Runtime,
    private readonly campaigns: CampaignsService,
  ) {}

  async report(ctx: OperationContext, id: number) {
    requirePermission(ctx.actor, 'newsletter.manage');
    await this.campaigns.find(ctx, id);
    const repo = new ReportRepo(ctx.db);
    const [totals, hours, links, settings] = await Promise.all([
      repo.deliveryTotals(id),
      repo.eventsByHour(id),
      repo.topLinks(id, TOP_LINKS),
      settingsOf(this.runtime, ctx.site, 'newsletter'),
    ]);
    const series = new Map<string, Record<CampaignEventKind, number>>();
    for (const row of hours) {
      const bucket =
        series.get(row.hour) ??
        (Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<CampaignEventKind, number>);
      bucket[row.kind] += Number(row.n);
      series.set(row.hour, bucket);
    }
    return {
      totals: { ...totals, opened: settings.track_opens ? totals.opened : null },
      series: [...series].map(([hour, counts]) => ({ hour: `${hour}:00:00Z`, ...counts })),
      top_links: links.map((link) => ({
        url: link.url ?? '',
        clicks: Number(link.clicks),
        recipients: Number(link.recipients),
      })),
    };
  }

  async recipients(
    ctx: OperationContext,
    id: number,
    query: { page: number; limit: number; status?: DeliveryStatus | undefined },
  ): Promise<Page<RecipientView>> {
    requirePermission(ctx.actor, 'newsletter.manage');
    await this.campaigns.find(ctx, id);
    const { rows, total } = await new ReportRepo(ctx.db).recipients(
      id,
      query.page,
      query.limit,
      query.status,
    );
    return { items: rows, total };
  }

  /**
   * The recipients as CSV lines, the header first, read a chunk at a time. The campaign is checked
   * before the first line, so a missing one is still answered 404 in the envelope.
   */
  async csv(
    ctx: OperationContext,
    id: number,
    status: DeliveryStatus | undefined,
  ): Promise<AsyncIterable<string>> {
    requirePermission(ctx.actor, 'newsletter.manage');
    await this.campaigns.find(ctx, id);
    const repo = new ReportRepo(ctx.db);
    return (async function* () {
      yield csvLine(RECIPIENT_COLUMNS);
      for (let after = 0; ; ) {
        const rows = await repo.recipientsAfter(id, after, CSV_CHUNK, status);
        for (const row of rows) yield csvLine(RECIPIENT_COLUMNS.map((column) => row[column]));
        const last = rows[rows.length - 1];
        if (!last || rows.length < CSV_CHUNK) return;
        after = last.id;
      }
    })();
  }
}
