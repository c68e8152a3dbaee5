import { Type } from '@sinclair/typebox';
import type { App } from '../../../core/http/app-type.js';
import { PageQuery } from '../../../core/http/envelope.js';
import { Id, MAX_ID } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import type { Runtime } from '../../../core/runtime.js';
import type { SectionsService } from './service.js';

const AreaParams = Type.Object(
  { area: Type.Union([Type.Literal('header'), Type.Literal('footer')]) },
  { additionalProperties: false },
);
const Version = Type.Integer({
  minimum: 0,
  maximum: MAX_ID,
  description: 'The version edited (0 for a section never saved); a stale one gives 409',
});
const Blocks = Type.Array(Type.Unknown(), { description: 'Block tree `{ type, props, children }`' });

const SectionSchema = Type.Object({
  area: Type.String({ description: 'header or footer' }),
  draft: Blocks,
  published: Type.Union([Blocks, Type.Null()], {
    description: "What every page shows; null: the theme's own",
  }),
  version: Type.Integer(),
  changed: Type.Boolean({ description: 'The draft differs from what pages show' }),
  saved_at: Type.String(),
  published_at: Type.Union([Type.Null(), Type.String()]),
});

const SectionRevisionSchema = Type.Object({
  id: Type.Integer(),
  area: Type.String(),
  kind: Type.String({ description: 'draft, published or restored' }),
  blocks: Blocks,
  user_id: Type.Union([Type.Null(), Type.Integer()]),
  created_at: Type.String(),
});

/** /api/sections: the site's global header and footer (widgets.manage). */
export function sectionRoutes(app: App, runtime: Runtime, sections: SectionsService): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'sections');
  const manage = { permission: 'widgets.manage' } as const;
  const VersionBody = Type.Object({ version: Version }, { additionalProperties: false });

  routes.get(
    '/api/sections',
    { ...manage, summary: 'The header and footer sections', data: Type.Array(SectionSchema) },
    (ctx) => sections.list(ctx),
  );
  routes.get(
    '/api/sections/:area',
    { ...manage, summary: 'The header or the footer section', params: AreaParams, data: SectionSchema },
    (ctx, { params }) => sections.get(ctx, params.area),
  );
  routes.put(
    '/api/sections/:area',
    {
      ...manage,
      summary: "Save the section's draft block tree",
      description:
        "Validated like a page's tree (422 with the path of each fault under `blocks`); each save is a revision. Pages change only when it is published.",
      params: AreaParams,
      body: Type.Object({ version: Version, blocks: Blocks }, { additionalProperties: false }),
      data: SectionSchema,
    },
    (ctx, { params, body }) => sections.save(ctx, params.area, body.version, body.blocks),
  );
  routes.post(
    '/api/sections/:area/publish',
    {
      ...manage,
      summary: 'Show the saved draft on every page',
      params: AreaParams,
      body: VersionBody,
      data: SectionSchema,
    },
    (ctx, { params, body }) => sections.publish(ctx, params.area, body.version),
  );
  routes.post(
    '/api/sections/:area/unpublish',
    {
      ...manage,
      summary: "Show the theme's own header or footer again (the draft stays)",
      params: AreaParams,
      body: VersionBody,
      data: SectionSchema,
    },
    (ctx, { params, body }) => sections.unpublish(ctx, params.area, body.version),
  );
  routes.list(
    '/api/sections/:area/revisions',
    {
      ...manage,
      summary: "The section's revisions, newest first",
      params: AreaParams,
      querystring: Type.Object(PageQuery(), { additionalProperties: false }),
      data: SectionRevisionSchema,
    },
    (ctx, { params, query }) => sections.revisions(ctx, params.area, query.page, query.limit),
  );
  routes.post(
    '/api/sections/:area/revisions/:revisionId/restore',
    {
      ...manage,
      summary: "Make a revision's tree the draft again, as a new revision",
      params: Type.Object({ ...AreaParams.properties, revisionId: Id() }, { additionalProperties: false }),
      data: SectionSchema,
    },
    (ctx, { params }) => sections.restore(ctx, params.area, params.revisionId),
  );
}
