import { type TSchema, Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { Id, IdParams, Nullable } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import type { MenusService } from './service.js';

const Location = Nullable(
  Type.String({ pattern: '^[a-z][a-z0-9_-]{0,39}$' }),
  "One of the active theme's menu locations (GET /api/themes), or null",
);

const ItemFields = {
  kind: Type.Union([Type.Literal('entry'), Type.Literal('term'), Type.Literal('custom')], {
    description: 'An entry (its address follows its slug and parent), a category or tag, or an address',
  }),
  entry_id: Nullable(Id()),
  term_id: Nullable(Id()),
  url: Nullable(Type.String({ maxLength: 2000, description: 'A path, #anchor, http(s), mailto: or tel:' })),
  label: Type.String({ maxLength: 200, description: "Empty: the entry's title or the term's name" }),
  target: Type.Union([Type.Literal('_self'), Type.Literal('_blank')]),
  rel: Type.String({ maxLength: 100, description: 'nofollow, noopener...' }),
  css_class: Type.String({ maxLength: 100 }),
  parent_id: Nullable(Id({ description: 'An item of the same menu; null: at the top' })),
  position: Type.Integer({ minimum: 0, maximum: 10_000, description: 'Among its siblings, from 0' }),
};

/** Every field of an item as optional: what adding one takes besides its kind. */
const optionalItemFields = Object.fromEntries(
  Object.entries(ItemFields)
    .filter(([key]) => key !== 'kind')
    .map(([key, schema]) => [key, Type.Optional(schema)]),
);

const ItemView: TSchema = Type.Recursive((Self) =>
  Type.Object({
    id: Type.Integer(),
    parent_id: Nullable(Type.Integer()),
    position: Type.Integer(),
    kind: Type.String(),
    entry_id: Nullable(Type.Integer()),
    entry_type: Nullable(Type.String({ description: "The linked entry's content type (page, post...)" })),
    term_id: Nullable(Type.Integer()),
    url: Nullable(Type.String()),
    label: Type.String(),
    target: Type.String(),
    rel: Type.String(),
    css_class: Type.String(),
    children: Type.Array(Self),
  }),
);

const MenuView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  location: Nullable(Type.String()),
  items: Type.Array(ItemView, { description: 'The items as a tree' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const MenuParams = Type.Object({ id: Id(), itemId: Id() }, { additionalProperties: false });

/** /api/menus and /api/menus/{id}/items (menus.manage). */
export function menuRoutes(app: App, runtime: Runtime, menus: MenusService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'menus');
  const manage = { permission: 'menus.manage' } as const;
  routes.get(
    '/api/menus',
    { ...manage, summary: 'The menus of the site, with their items', data: Type.Array(MenuView) },
    (ctx) => menus.list(ctx),
  );
  routes.post(
    '/api/menus',
    {
      ...manage,
      summary: 'Create a menu, shown in a theme location when one is given',
      body: Type.Object(
        { name: Type.String({ minLength: 1, maxLength: 100 }), location: Type.Optional(Location) },
        { additionalProperties: false },
      ),
      data: MenuView,
      status: 201,
    },
    (ctx, { body }) => menus.create(ctx, body),
  );
  routes.get(
    '/api/menus/:id',
    { ...manage, summary: 'A menu and its items', params: IdParams, data: MenuView },
    (ctx, { params }) => menus.get(ctx, params.id),
  );
  routes.put(
    '/api/menus/:id',
    {
      ...manage,
      summary: 'Rename a menu or move it to another location (which the menu there gives up)',
      params: IdParams,
      body: Type.Object(
        {
          name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          location: Type.Optional(Location),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
      data: MenuView,
    },
    (ctx, { params, body }) => menus.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/menus/:id',
    { ...manage, summary: 'Delete a menu and its items', params: IdParams },
    (ctx, { params }) => menus.delete(ctx, params.id),
  );
  routes.get(
    '/api/menus/:id/items',
    { ...manage, summary: "A menu's items as a tree", params: IdParams, data: Type.Array(ItemView) },
    async (ctx, { params }) => (await menus.get(ctx, params.id)).items,
  );
  routes.post(
    '/api/menus/:id/items',
    {
      ...manage,
      summary: 'Add an item: to an entry, a category or tag, or an address',
      params: IdParams,
      body: Type.Object({ ...optionalItemFields, kind: ItemFields.kind }, { additionalProperties: false }),
      data: MenuView,
      status: 201,
    },
    (ctx, { params, body }) => menus.addItem(ctx, params.id, body),
  );
  routes.put(
    '/api/menus/:id/items',
    {
      ...manage,
      summary: 'Reorder and re-parent every item of the menu in one call',
      params: IdParams,
      body: Type.Object(
        {
          items: Type.Array(
            Type.Object(
              { id: Id(), parent_id: ItemFields.parent_id, position: ItemFields.position },
              { additionalProperties: false },
            ),
            { maxItems: 2_000 },
          ),
        },
        { additionalProperties: false },
      ),
      data: MenuView,
    },
    (ctx, { params, body }) => menus.arrange(ctx, params.id, body.items),
  );
  routes.put(
    '/api/menus/:id/items/:itemId',
    {
      ...manage,
      summary: "Change an item's link or look: only the fields sent",
      params: MenuParams,
      body: Type.Object(
        {
          kind: Type.Optional(ItemFields.kind),
          ...Object.fromEntries(
            Object.entries(optionalItemFields).filter(([key]) => key !== 'parent_id' && key !== 'position'),
          ),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
      data: MenuView,
    },
    (ctx, { params, body }) => menus.updateItem(ctx, params.id, params.itemId, body),
  );
  routes.delete(
    '/api/menus/:id/items/:itemId',
    { ...manage, summary: 'Remove an item and its sub-items', params: MenuParams },
    async (ctx, { params }) => {
      await menus.deleteItem(ctx, params.id, params.itemId);
    },
  );
}
