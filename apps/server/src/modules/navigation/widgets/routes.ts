import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { Id, IdParams } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import type { WidgetsService } from './service.js';

const Zone = Type.String({
  pattern: '^[a-z][a-z0-9_-]{0,39}$',
  description: "One of the active theme's widget zones",
});
const Visibility = Type.Object(
  {
    show_on: Type.Optional(
      Type.Union([
        Type.Literal('everywhere'),
        Type.Literal('home'),
        Type.Literal('entries'),
        Type.Literal('lists'),
      ]),
    ),
    types: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }), {
        maxItems: 50,
        description: 'With entries: only these content types; empty: all',
      }),
    ),
    locales: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$' }), {
        maxItems: 50,
        description: 'Empty: all',
      }),
    ),
  },
  { additionalProperties: false },
);
const WidgetView = Type.Object({
  id: Type.Integer(),
  zone: Type.String(),
  position: Type.Integer(),
  block: Type.Unknown({ description: 'One block, with its children' }),
  visibility: Type.Object({
    show_on: Type.String(),
    types: Type.Array(Type.String()),
    locales: Type.Array(Type.String()),
  }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** /api/widgets (widgets.manage). */
export function widgetRoutes(app: App, runtime: Runtime, widgets: WidgetsService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'widgets');
  const manage = { permission: 'widgets.manage' } as const;
  routes.get(
    '/api/widgets',
    {
      ...manage,
      summary: 'The widgets of the site, by zone and order',
      querystring: Type.Object({ zone: Type.Optional(Zone) }, { additionalProperties: false }),
      data: Type.Array(WidgetView),
    },
    (ctx, { query }) => widgets.list(ctx, query.zone),
  );
  routes.post(
    '/api/widgets',
    {
      ...manage,
      summary: 'Put a block in a widget zone, last unless a position is given',
      body: Type.Object(
        {
          zone: Zone,
          block: Type.Unknown({ description: 'One block, validated like a page block' }),
          visibility: Type.Optional(Visibility),
          position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
        },
        { additionalProperties: false },
      ),
      data: WidgetView,
      status: 201,
    },
    (ctx, { body }) => widgets.create(ctx, body),
  );
  routes.put(
    '/api/widgets/order',
    {
      ...manage,
      summary: "Order a zone's widgets: all of them, first shown first",
      body: Type.Object(
        { zone: Zone, ids: Type.Array(Id(), { maxItems: 1000 }) },
        { additionalProperties: false },
      ),
      data: Type.Array(WidgetView),
    },
    (ctx, { body }) => widgets.order(ctx, body.zone, body.ids),
  );
  routes.put(
    '/api/widgets/:id',
    {
      ...manage,
      summary: 'Change a widget: its block, zone, visibility or position',
      params: IdParams,
      body: Type.Object(
        {
          zone: Type.Optional(Zone),
          block: Type.Optional(Type.Unknown()),
          visibility: Type.Optional(Visibility),
          position: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
      data: WidgetView,
    },
    (ctx, { params, body }) => widgets.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/widgets/:id',
    { ...manage, summary: 'Remove a widget', params: IdParams },
    (ctx, { params }) => widgets.delete(ctx, params.id),
  );
}
