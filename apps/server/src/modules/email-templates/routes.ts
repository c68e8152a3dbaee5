import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import {
  DraftBody,
  EmailTemplateView,
  EventParams,
  LocaleQuery,
  MailEventView,
  RenderedMailView,
  TemplateBody,
  TestMailView,
} from './schemas.js';
import type { EmailTemplatesService } from './service.js';

const PERMISSION = 'email_templates.manage';
const refusalDescription =
  'A Liquid syntax error, a variable the event does not have or an unknown filter gives 422 with the part and line: `errors: { html: ["Line 3: ..."] }`.';

/** /api/email-templates: the site's mail templates per event and language (email_templates.manage). */
export function emailTemplateRoutes(app: App, runtime: Runtime, templates: EmailTemplatesService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'email-templates');
  routes.get(
    '/api/email-templates',
    {
      permission: PERMISSION,
      summary: 'The mail events, their variables, and the languages the site changed their templates in',
      data: Type.Array(MailEventView),
    },
    (ctx) => templates.events(ctx),
  );
  routes.get(
    '/api/email-templates/:event',
    {
      permission: PERMISSION,
      summary: "An event's template in a language: the site's own, else the default",
      params: EventParams,
      querystring: LocaleQuery,
      data: EmailTemplateView,
    },
    (ctx, { params, query }) => templates.get(ctx, params.event, query.locale),
  );
  routes.put(
    '/api/email-templates/:event',
    {
      permission: PERMISSION,
      summary: "Change an event's template in a language",
      description: refusalDescription,
      params: EventParams,
      querystring: LocaleQuery,
      body: TemplateBody,
      data: EmailTemplateView,
    },
    (ctx, { params, query, body }) => templates.save(ctx, params.event, query.locale, body),
  );
  routes.delete(
    '/api/email-templates/:event',
    {
      permission: PERMISSION,
      summary: "Reset an event's template in a language to the default",
      params: EventParams,
      querystring: LocaleQuery,
    },
    (ctx, { params, query }) => templates.reset(ctx, params.event, query.locale),
  );
  routes.post(
    '/api/email-templates/:event/preview',
    {
      permission: PERMISSION,
      summary: 'The mail rendered with sample data, as it is sent',
      description: `Parts sent in the body (unsaved changes) are previewed in place of the current ones. ${refusalDescription}`,
      params: EventParams,
      querystring: LocaleQuery,
      body: DraftBody,
      data: RenderedMailView,
    },
    (ctx, { params, query, body }) => templates.preview(ctx, params.event, query.locale, body),
  );
  routes.post(
    '/api/email-templates/:event/test',
    {
      permission: PERMISSION,
      summary: "Send the preview to one's own address, through the mail queue",
      description: `Parts sent in the body are used in place of the current ones, as for a preview. ${refusalDescription}`,
      params: EventParams,
      querystring: LocaleQuery,
      body: DraftBody,
      data: TestMailView,
      status: 202,
    },
    (ctx, { params, query, body }) => templates.sendTest(ctx, params.event, query.locale, body),
  );
}
