import { attachment, type PluginContext, type PluginOperation } from '@tessera/plugin';
import { csvPieces, jsonPieces } from './export.js';
import type { FormsService } from './forms-service.js';
import { listForms } from './repo.js';
import type { FormSchemas } from './schemas.js';
import type { SubmissionsService } from './submissions-service.js';

/** The admin's routes, under /api/forms (the contract's list); the site's pages are elsewhere. */

export const MANAGE = 'forms.manage';
export const SUBMISSIONS = 'forms.submissions';

export function formRoutes(
  plugin: PluginContext,
  schemas: FormSchemas,
  forms: FormsService,
  submissions: SubmissionsService,
): void {
  const { routes } = plugin;
  /** Reading forms: those who build them, and those who read what they receive. */
  const mayReadForms = (ctx: PluginOperation) => {
    if (!ctx.actor.access.allows(MANAGE) && !ctx.actor.access.allows(SUBMISSIONS))
      throw new plugin.errors.Forbidden('You need forms.manage or forms.submissions.', 'forbidden');
  };

  routes.get(
    '/forms',
    {
      permission: 'authenticated',
      summary: 'The site’s forms, newest first (forms.manage or forms.submissions)',
      response: plugin.schema.Array(schemas.Form),
    },
    (ctx) => {
      mayReadForms(ctx);
      return forms.list(ctx);
    },
  );

  // The form block's choice in the builder: anyone who may edit a page picks among the forms by title.
  routes.get(
    '/choices',
    {
      permission: 'authenticated',
      summary: 'The site’s forms as the builder’s form block offers them: id and title',
      response: plugin.schema.Array(
        plugin.schema.Object({ value: plugin.schema.Integer(), label: plugin.schema.String() }),
      ),
    },
    async (ctx) => (await listForms(plugin.db(ctx))).map((form) => ({ value: form.id, label: form.title })),
  );

  routes.post(
    '/forms',
    {
      permission: MANAGE,
      summary: 'Create a form',
      body: schemas.Created,
      response: schemas.Form,
      status: 201,
    },
    (ctx, { body }) => forms.create(ctx, body),
  );

  routes.get(
    '/forms/:id',
    {
      permission: 'authenticated',
      summary: 'A form (forms.manage or forms.submissions)',
      params: schemas.Id,
      response: schemas.Form,
    },
    (ctx, { params }) => {
      mayReadForms(ctx);
      return forms.get(ctx, params.id);
    },
  );

  routes.put(
    '/forms/:id',
    {
      permission: MANAGE,
      summary: 'Save a form',
      params: schemas.Id,
      body: schemas.Saved,
      response: schemas.Form,
    },
    (ctx, { params, body }) => forms.save(ctx, params.id, body),
  );

  routes.delete(
    '/forms/:id',
    {
      permission: MANAGE,
      summary: 'Delete a form with its submissions and their files',
      params: schemas.Id,
      status: 204,
    },
    async (ctx, { params }) => {
      await forms.remove(ctx, params.id);
    },
  );

  routes.post(
    '/preview',
    {
      permission: MANAGE,
      summary: 'A form’s markup as the site shows it',
      body: schemas.Preview,
      response: plugin.schema.Object({ html: plugin.schema.String() }),
    },
    (ctx, { body }) => forms.preview(ctx, body.form, body.locale),
  );

  routes.get(
    '/forms/:id/submissions',
    {
      permission: SUBMISSIONS,
      summary: 'A form’s submissions, newest first: search, dates, read or not, pages',
      params: schemas.Id,
      querystring: schemas.ListQuery,
      response: plugin.schema.Object({
        items: plugin.schema.Array(schemas.Submission),
        total: plugin.schema.Integer(),
        page: plugin.schema.Integer(),
        per_page: plugin.schema.Integer(),
      }),
    },
    (ctx, { params, query }) => submissions.list(ctx, params.id, query),
  );

  routes.get(
    '/submissions/:id',
    { permission: SUBMISSIONS, summary: 'A submission', params: schemas.Id, response: schemas.Submission },
    (ctx, { params }) => submissions.get(ctx, params.id),
  );

  routes.patch(
    '/submissions/:id',
    {
      permission: SUBMISSIONS,
      summary: 'Mark a submission read or unread',
      params: schemas.Id,
      body: schemas.Read,
      response: schemas.Submission,
    },
    (ctx, { params, body }) => submissions.markRead(ctx, params.id, body.read),
  );

  routes.delete(
    '/submissions/:id',
    {
      permission: SUBMISSIONS,
      summary: 'Delete a submission and its files',
      params: schemas.Id,
      status: 204,
    },
    async (ctx, { params }) => {
      await submissions.remove(ctx, params.id);
    },
  );

  routes.post(
    '/submissions/delete',
    {
      permission: SUBMISSIONS,
      summary: 'Delete several submissions and their files',
      body: schemas.Ids,
      response: plugin.schema.Object({ deleted: plugin.schema.Integer() }),
    },
    (ctx, { body }) => submissions.removeMany(ctx, body.ids),
  );

  routes.get(
    '/forms/:id/export',
    {
      permission: SUBMISSIONS,
      summary: 'A form’s submissions as a CSV (one column a field) or JSON file, with the list’s filters',
      params: schemas.Id,
      querystring: schemas.ExportQuery,
    },
    async (ctx, { params, query }) => {
      const { form, pages } = await submissions.forExport(ctx, params.id, query);
      const name = `${form.slug}-${new Date().toISOString().slice(0, 10)}`;
      return query.format === 'json'
        ? attachment({
            filename: `${name}.json`,
            contentType: 'application/json; charset=utf-8',
            body: jsonPieces(form, pages),
          })
        : attachment({
            filename: `${name}.csv`,
            contentType: 'text/csv; charset=utf-8',
            body: csvPieces(form.fields, pages),
          });
    },
  );

  routes.get(
    '/files/:id',
    { permission: SUBMISSIONS, summary: 'A file sent with a submission, as a download', params: schemas.Id },
    async (ctx, { params }) => {
      const file = await submissions.file(ctx, params.id);
      return attachment({ filename: file.filename, contentType: file.content_type, body: file.body });
    },
  );
}
