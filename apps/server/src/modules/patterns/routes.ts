import { Type } from '@sinclair/typebox';
import type { App } from '../../core/http/app-type.js';
import { IdParams } from '../../core/http/input-schemas.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import type { Runtime } from '../../core/runtime.js';
import type { PatternsService } from './service.js';

const Blocks = Type.Array(Type.Unknown(), {
  description: 'A block tree, as pages hold them (GET /api/builder/blocks)',
});
const PatternView = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  category: Type.String(),
  synced: Type.Boolean({ description: 'Placed by reference: editing it changes every page showing it' }),
  blocks: Blocks,
  version: Type.Integer({ description: '1 when created, one more with each change' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
const Fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  category: Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$', description: 'hero, features, footer...' }),
  synced: Type.Boolean(),
  blocks: Blocks,
};

/** /api/patterns: read by every member who builds pages, changed with patterns.manage. */
export function patternRoutes(app: App, runtime: Runtime, patterns: PatternsService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'patterns');
  routes.get(
    '/api/patterns',
    {
      permission: 'authenticated',
      summary: 'The reusable patterns of the site, by category',
      querystring: Type.Object({ category: Type.Optional(Fields.category) }, { additionalProperties: false }),
      data: Type.Array(PatternView),
    },
    (ctx, { query }) => patterns.list(ctx, query.category),
  );
  routes.post(
    '/api/patterns',
    {
      permission: 'patterns.manage',
      summary: 'Save a block subtree as a pattern',
      body: Type.Object(
        {
          name: Fields.name,
          category: Type.Optional(Fields.category),
          synced: Type.Optional(Fields.synced),
          blocks: Fields.blocks,
        },
        { additionalProperties: false },
      ),
      data: PatternView,
      status: 201,
    },
    (ctx, { body }) => patterns.create(ctx, body),
  );
  routes.get(
    '/api/patterns/:id',
    { permission: 'authenticated', summary: 'A pattern', params: IdParams, data: PatternView },
    (ctx, { params }) => patterns.get(ctx, params.id),
  );
  routes.post(
    '/api/patterns/:id/copy',
    {
      permission: 'authenticated',
      summary: "A pattern's blocks with new ids, to insert as a copy",
      params: IdParams,
      data: Blocks,
    },
    (ctx, { params }) => patterns.copy(ctx, params.id),
  );
  routes.put(
    '/api/patterns/:id',
    {
      permission: 'patterns.manage',
      summary: 'Change a pattern: a synced one changes on every page showing it',
      description:
        'Send `version` (from the pattern as you read it) so that a change someone saved in between is not overwritten: 409 `stale_version` then.',
      params: IdParams,
      body: Type.Object(
        {
          name: Type.Optional(Fields.name),
          category: Type.Optional(Fields.category),
          synced: Type.Optional(Fields.synced),
          blocks: Type.Optional(Fields.blocks),
          version: Type.Optional(
            Type.Integer({
              minimum: 1,
              description:
                'The version the change was made from; when the pattern moved past it, 409 `stale_version` and nothing changes. Without it the change applies to whatever is stored.',
            }),
          ),
        },
        { additionalProperties: false, minProperties: 1 },
      ),
      data: PatternView,
    },
    (ctx, { params, body }) => patterns.update(ctx, params.id, body),
  );
  routes.delete(
    '/api/patterns/:id',
    {
      permission: 'patterns.manage',
      summary: 'Delete a pattern; pages placing it show nothing there',
      params: IdParams,
    },
    (ctx, { params }) => patterns.delete(ctx, params.id),
  );
}
