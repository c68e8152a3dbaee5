import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import { Id } from '../../core/http/input-schemas.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import { DEFAULT_PREVIEW_HOURS } from './preview.js';
import type { PreviewLinks } from './preview-links.js';

const TypeSlug = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,39}$',
  description: 'The content type: page, post...',
});
const PreviewLinkSchema = Type.Object({
  id: Type.Integer(),
  entry_id: Type.Integer(),
  url: Type.String({ description: 'Site-relative' }),
  created_by: Type.Union([Type.Null(), Type.Integer()]),
  expires_at: Type.String(),
  created_at: Type.String(),
});

/** /api/preview-links: shared links to an entry's working copy, listed per entry and revocable. */
export function previewLinkRoutes(app: App, runtime: Runtime, links: PreviewLinks): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'site');
  routes.post(
    '/api/preview-links',
    {
      permission: 'authenticated',
      summary: 'A link that shows an entry as it is being edited, draft included, until it expires',
      description:
        'Anyone with the link sees the working copy (noindex, never cached) until `expires_at`, unless it is revoked or its creator may no longer read the entry; whoever may read the entry in the API may make one.',
      body: Type.Object(
        {
          type: TypeSlug,
          id: Id(),
          hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 168, default: DEFAULT_PREVIEW_HOURS })),
        },
        { additionalProperties: false },
      ),
      data: PreviewLinkSchema,
      status: 201,
    },
    (ctx, { body }) => links.create(ctx, body.type, body.id, body.hours ?? DEFAULT_PREVIEW_HOURS),
  );
  routes.get(
    '/api/preview-links',
    {
      permission: 'authenticated',
      summary: "An entry's preview links that still open, newest first",
      querystring: Type.Object({ type: TypeSlug, id: Id() }, { additionalProperties: false }),
      data: Type.Array(PreviewLinkSchema),
    },
    (ctx, { query }) => links.list(ctx, query.type, query.id),
  );
  routes.delete(
    '/api/preview-links/:id',
    {
      permission: 'authenticated',
      summary: 'Revoke a preview link at once (its creator, or whoever may edit others’ entries of its type)',
      params: Type.Object({ id: Id() }),
    },
    (ctx, { params }) => links.revoke(ctx, params.id),
  );
}
