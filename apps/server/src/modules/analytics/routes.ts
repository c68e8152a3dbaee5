import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import { ResourceErrors } from '../../core/http/envelope.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import { csvLine } from '../activity/csv.js';
import type { AnalyticsService } from './service.js';

const Day = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'YYYY-MM-DD, in the site’s time zone',
});
const Range = {
  from: Type.Optional({ ...Day, description: 'First day; default: 29 days before `to`' }),
  to: Type.Optional({ ...Day, description: 'Last day; default: today' }),
};
const Figures = { views: Type.Integer(), visitors: Type.Integer() };
const Ranked = Type.Object({ name: Type.String(), ...Figures });
const Report = Type.Object({
  from: Type.String(),
  to: Type.String(),
  totals: Type.Object(Figures, {
    description: 'Visitors are unique per day; a range’s is the sum of its days’ (days cannot be linked)',
  }),
  daily: Type.Array(Type.Object({ day: Type.String(), ...Figures })),
  pages: Type.Array(Ranked, { description: 'Paths, most viewed first' }),
  sources: Type.Object({
    channels: Type.Array(Ranked, { description: 'direct, search, social, other (sites)' }),
    referrers: Type.Array(Ranked, { description: 'Hosts of other sites' }),
    utm_sources: Type.Array(Ranked),
  }),
  devices: Type.Array(Ranked, { description: 'desktop, tablet, mobile' }),
  browsers: Type.Array(Ranked, { description: 'chrome, safari, firefox, edge, opera, samsung, other' }),
});
const REPORTS = ['daily', 'pages', 'channels', 'referrers', 'utm_sources', 'devices', 'browsers'] as const;

/** /api/analytics (analytics.view): a range's figures, and each of its reports as CSV. */
export function analyticsRoutes(app: App, runtime: Runtime, analytics: AnalyticsService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'analytics');
  routes.get(
    '/api/analytics',
    {
      permission: 'analytics.view',
      summary:
        'Page views and visitors of a range of days: totals, daily series, top pages, sources, devices',
      querystring: Type.Object(
        {
          ...Range,
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Of each top list' }),
        },
        { additionalProperties: false },
      ),
      data: Report,
    },
    (ctx, { query }) => analytics.report(ctx, query, query.limit),
  );
  // CSV, outside the envelope: a route of its own, with the same permission and checks.
  app.get(
    '/api/analytics/export',
    {
      config: { permission: 'analytics.view' },
      schema: {
        tags: ['analytics'],
        summary: 'One report of a range as CSV (every row, not only the top ones)',
        querystring: Type.Object(
          {
            ...Range,
            report: Type.Optional(Type.Union(REPORTS.map((name) => Type.Literal(name)))),
          },
          { additionalProperties: false },
        ),
        produces: ['text/csv'],
        response: {
          200: { description: 'CSV with a header row', content: { 'text/csv': { schema: Type.String() } } },
          ...ResourceErrors,
        },
      },
    },
    async (request, reply) => {
      const ctx = operationOf(runtime, request);
      const report = request.query.report ?? 'daily';
      const rows = await analytics.rows(ctx, request.query, report);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${ctx.site.handle}-${report}.csv"`)
        .send(rows.map(csvLine).join(''));
    },
  );
}
