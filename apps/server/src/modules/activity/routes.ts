import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { BadRequest } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { ErrorBody, ListEnvelope, listBody } from '../../core/http/envelope.js';
import type { Runtime } from '../../core/runtime.js';
import { activityCsvLine, CSV_HEADER, csvLine } from './csv.js';
import { ActivityEntrySchema, ActivityFilterQuery, ActivityListQuery } from './schemas.js';
import { ActivityService } from './service.js';

const errors = { 401: ErrorBody, 403: ErrorBody, 422: ErrorBody };

/** GET /api/activity (filtered, paginated) and GET /api/activity/export (CSV). */
export async function activityRoutes(app: App, runtime: Runtime): Promise<void> {
  const activity = new ActivityService(runtime);

  app.get(
    '/api/activity',
    {
      config: { permission: 'activity.view' },
      schema: {
        tags: ['activity'],
        summary: 'Activity log of the site, newest first',
        querystring: ActivityListQuery,
        response: { 200: ListEnvelope(ActivityEntrySchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      if (!request.site) throw new BadRequest('No site.');
      return listBody(await activity.list(request.site.id, filter, page, limit), page, limit);
    },
  );

  app.get(
    '/api/activity/export',
    {
      config: { permission: 'activity.view' },
      schema: {
        tags: ['activity'],
        summary: 'The filtered activity log as CSV',
        querystring: ActivityFilterQuery,
        produces: ['text/csv'],
        response: {
          200: { description: 'CSV with a header row', content: { 'text/csv': { schema: Type.String() } } },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const site = request.site;
      if (!site) throw new BadRequest('No site.');
      const entries = activity.export(site.id, request.query);
      // The first batch is read before anything is sent: once the 200 and the header row are out, a
      // failure can only cut the connection, while one now is still answered in the envelope.
      const first = await entries.next();
      const lines = (async function* () {
        yield csvLine(CSV_HEADER);
        if (first.done) return;
        yield activityCsvLine(first.value);
        for await (const entry of entries) yield activityCsvLine(entry);
      })();
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="activity-${site.handle}-${new Date().toISOString().slice(0, 10)}.csv"`,
        );
      // A stream bypasses serialization; the type provider only knows the schema's string type.
      return reply.send(Readable.from(lines) as unknown as string);
    },
  );
}
