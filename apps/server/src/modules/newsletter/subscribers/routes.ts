import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { ErrorBody } from '../../../core/http/envelope.js';
import { IdParams } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import { csvLine } from '../../activity/csv.js';
import { EXPORT_HEADER, subscriberCsvLine } from './export.js';
import type { ImportsService } from './import-service.js';
import { IMPORT_MAX_BYTES, readImportForm } from './import-upload.js';
import { type ListsService, MANAGE } from './lists-service.js';
import {
  ImportSchema,
  ListCreateBody,
  ListSchema,
  ListUpdateBody,
  SubscriberCreateBody,
  SubscriberFilterQuery,
  SubscriberListQuery,
  SubscriberSchema,
  SubscriberUpdateBody,
} from './schemas.js';
import type { SubscribersService } from './service.js';

const manage = { permission: MANAGE } as const;

/** /api/newsletter/lists, /subscribers (with their CSV export) and /imports (newsletter.manage). */
export function subscriberApiRoutes(
  app: App,
  runtime: Runtime,
  services: { lists: ListsService; subscribers: SubscribersService; imports: ImportsService },
): void {
  const { lists, subscribers, imports } = services;
  const operation = (request: Parameters<typeof operationOf>[1]) => operationOf(runtime, request);
  const routes = siteRoutes(app, operation, 'newsletter');
  const origin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;

  routes.get(
    '/api/newsletter/lists',
    {
      ...manage,
      summary: 'The newsletter lists, by name, with their subscriber counts',
      data: Type.Array(ListSchema),
    },
    (ctx) => lists.list(ctx),
  );
  routes.post(
    '/api/newsletter/lists',
    {
      ...manage,
      summary: 'Add a list (its name unique in the site: 409 otherwise)',
      body: ListCreateBody,
      data: ListSchema,
      status: 201,
    },
    (ctx, { body }) => lists.create(ctx, body),
  );
  routes.patch(
    '/api/newsletter/lists/:id',
    {
      ...manage,
      summary: 'Rename a list, describe it, or show or hide it on the site',
      params: IdParams,
      body: ListUpdateBody,
      data: ListSchema,
    },
    (ctx, { params, body }) => lists.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/newsletter/lists/:id',
    { ...manage, summary: 'Delete a list (its subscribers stay, off it)', params: IdParams },
    (ctx, { params }) => lists.delete(ctx, params.id),
  );

  routes.list(
    '/api/newsletter/subscribers',
    {
      ...manage,
      summary: 'The subscribers, newest first',
      description: 'Filter by status, list, language; `q` searches the email and name.',
      querystring: SubscriberListQuery,
      data: SubscriberSchema,
    },
    (ctx, { query: { page, limit, ...filter } }) => subscribers.list(ctx, filter, page, limit),
  );
  app.get(
    '/api/newsletter/subscribers/export',
    {
      config: { permission: MANAGE },
      schema: {
        tags: ['newsletter'],
        summary: 'The filtered subscribers as CSV',
        description: `Columns: ${EXPORT_HEADER.join(', ')} (lists by name, joined by ;). Cells that a spreadsheet would read as a formula start with '.`,
        querystring: SubscriberFilterQuery,
        produces: ['text/csv'],
        response: {
          200: { description: 'CSV with a header row', content: { 'text/csv': { schema: Type.String() } } },
          401: ErrorBody,
          403: ErrorBody,
          422: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const ctx = operation(request);
      const { listNames, rows } = await subscribers.exportRows(ctx, request.query);
      // The first batch is read before anything is sent: a failure now is still answered in the envelope.
      const first = await rows.next();
      const lines = (async function* () {
        yield csvLine(EXPORT_HEADER);
        if (first.done) return;
        yield subscriberCsvLine(first.value, listNames);
        for await (const subscriber of rows) yield subscriberCsvLine(subscriber, listNames);
      })();
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="subscribers-${ctx.site.handle}-${new Date().toISOString().slice(0, 10)}.csv"`,
        );
      // A stream bypasses serialization; the type provider only knows the schema's string type.
      return reply.send(Readable.from(lines) as unknown as string);
    },
  );
  routes.post(
    '/api/newsletter/subscribers',
    {
      ...manage,
      summary: 'Add a subscriber',
      description:
        'Subscribed at once, or `pending` and mailed the confirmation link. The email is trimmed and lowercased; one already there is 409.',
      body: SubscriberCreateBody,
      data: SubscriberSchema,
      status: 201,
    },
    (ctx, { body, request }) => subscribers.create(ctx, body, origin(request)),
  );
  routes.get(
    '/api/newsletter/subscribers/:id',
    { ...manage, summary: 'One subscriber', params: IdParams, data: SubscriberSchema },
    (ctx, { params }) => subscribers.get(ctx, params.id),
  );
  routes.patch(
    '/api/newsletter/subscribers/:id',
    {
      ...manage,
      summary: "Change a subscriber's name, language, status or lists",
      description: '`lists` replaces the lists the subscriber is on.',
      params: IdParams,
      body: SubscriberUpdateBody,
      data: SubscriberSchema,
    },
    (ctx, { params, body }) => subscribers.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/newsletter/subscribers/:id',
    { ...manage, summary: 'Delete a subscriber', params: IdParams },
    (ctx, { params }) => subscribers.delete(ctx, params.id),
  );

  // Multipart bodies reach the import route only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        files: 1,
        fields: 5,
        fieldSize: 10_000,
        parts: 6,
        headerPairs: 100,
        fileSize: IMPORT_MAX_BYTES + 1,
      },
    });
    siteRoutes(scope as unknown as App, operation, 'newsletter').post(
      '/api/newsletter/imports',
      {
        ...manage,
        rateLimit: 'upload',
        summary: 'Import subscribers from a CSV file',
        description:
          'multipart/form-data: `file` (CSV text with a header row, at most 50 MiB: 413 past it), `mapping` (JSON: ' +
          '{"email": "<header>", "name"?: "<header>", "language"?: "<header>"}), `lists` (JSON array of list ids) and ' +
          '`status` (`subscribed`, the default, or `pending`: each new address is mailed the confirmation). Answers 202 at ' +
          'once; a job reads the file and GET /api/newsletter/imports/{id} tells its progress.',
        data: ImportSchema,
        status: 202,
      },
      async (ctx, { request }) => imports.create(ctx, await readImportForm(request, imports.uploadDir)),
    );
  });
  routes.get(
    '/api/newsletter/imports/:id',
    {
      ...manage,
      summary: "An import's progress, counts and the first lines refused",
      params: IdParams,
      data: ImportSchema,
    },
    (ctx, { params }) => imports.get(ctx, params.id),
  );
}
