import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import {
  ContentTypeCreateBody,
  ContentTypeParams,
  ContentTypeSchema,
  ContentTypeUpdateBody,
} from './content-type.js';
import type { ContentTypesService } from './service.js';

const DeleteQuery = Type.Object(
  {
    confirm_data_loss: Type.Optional(
      Type.Boolean({ description: 'Required when the type has entries: they are deleted with it' }),
    ),
  },
  { additionalProperties: false },
);

/** /api/content-types: the site's content types, built-in and custom. */
export function contentTypeRoutes(app: App, runtime: Runtime, types: ContentTypesService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'content types');

  routes.get(
    '/api/content-types',
    {
      permission: 'authenticated',
      summary: 'Every content type of the site, page and post first',
      data: Type.Array(ContentTypeSchema),
    },
    (ctx) => types.list(ctx),
  );

  routes.get(
    '/api/content-types/:type',
    {
      permission: 'authenticated',
      summary: 'One content type',
      params: ContentTypeParams,
      data: ContentTypeSchema,
    },
    (ctx, { params }) => types.typeOf(ctx.site, params.type),
  );

  routes.post(
    '/api/content-types',
    {
      permission: 'content_types.manage',
      summary: 'Create a custom content type; its permissions (`<slug>.view`...) join the catalogue',
      description:
        'Field definitions are checked as a whole: 422 with paths such as `fields[2].choices`. 409 `content_type_exists` for a slug the site has.',
      body: ContentTypeCreateBody,
      data: ContentTypeSchema,
      status: 201,
    },
    (ctx, { body }) => types.create(ctx, body),
  );

  routes.put(
    '/api/content-types/:type',
    {
      permission: 'content_types.manage',
      summary:
        "Change a content type: only the properties sent; `renames` moves stored values to a field's new key",
      description:
        'Removing a field that holds values, or changing its type, needs `confirm_data_loss: true`; without it 409 `field_data_loss` names the fields.',
      params: ContentTypeParams,
      body: ContentTypeUpdateBody,
      data: ContentTypeSchema,
    },
    (ctx, { params, body }) => types.update(ctx, params.type, body),
  );

  routes.delete(
    '/api/content-types/:type',
    {
      permission: 'content_types.manage',
      summary:
        'Delete a custom content type (409 for page and post, and for a type with entries unless confirmed)',
      params: ContentTypeParams,
      querystring: DeleteQuery,
    },
    (ctx, { params, query }) => types.delete(ctx, params.type, query.confirm_data_loss ?? false),
  );
}
