import { type Static, Type } from '@sinclair/typebox';
import { registryView } from '@tessera/blocks';
import type { App } from '../../../core/http/app-type.js';
import { PageQuery } from '../../../core/http/envelope.js';
import { Id, MAX_ID } from '../../../core/http/input-schemas.js';
import { operationOf } from '../../../core/http/request-actor.js';
import { siteRoutes } from '../../../core/http/site-routes.js';
import { pluginsOf } from '../../../core/plugins/plugin-host.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Content } from '../content.js';
import { EntrySchema } from '../entries/entry.js';
import { RevisionSchema } from '../revisions/routes.js';

const PageParams = Type.Object({ id: Id() }, { additionalProperties: false });

const BlockDefinition = Type.Object({
  type: Type.String(),
  category: Type.String({ description: 'layout, content, media, navigation, data or dynamic (spec 2.1)' }),
  label: Type.String(),
  icon: Type.String(),
  props: Type.Unknown({ description: 'JSON Schema of the block props, each with its default' }),
  children: Type.Unknown({ description: '`none`, `any`, or the list of block types it accepts' }),
  rich_text: Type.Array(Type.String(), { description: 'Props holding HTML, sanitized on save' }),
  media: Type.Array(Type.String(), {
    description:
      'Props holding media library items (an id, ids, or objects with media_id); their uses are tracked',
  }),
  dynamic: Type.Boolean({
    description: 'Lists entries fetched when the page renders (latest posts, content list)',
  }),
  plugin: Type.Union([Type.Null(), Type.String()], {
    description:
      "The plugin whose block it is (rendered on the server, `<area>.<name>`); null for the core's",
  }),
});

/**
 * The page builder endpoints of spec 4.1. They are the content API's operations on pages under the
 * paths the spec names: a save here is a page save (version check, lock, hooks, revision).
 */
export function builderRoutes(app: App, runtime: Runtime, content: Content): void {
  const routes = siteRoutes(app, (request) => operationOf(runtime, request), 'builder');

  routes.get(
    '/api/builder/blocks',
    {
      permission: 'authenticated',
      summary: 'The block types the builder offers, with their prop schemas and defaults',
      description:
        "The core's block types, then those of the plugins active on the site. A block of a plugin that is not active (or no longer installed) is not listed; trees keep it with its data, the site renders nothing for it.",
      data: Type.Array(BlockDefinition),
    },
    async (ctx) => {
      const plugins = [...pluginsOf(runtime).activeBlocks(ctx.site.id).values()];
      const owners = new Map(plugins.map((block) => [block.declared.type, block.plugin]));
      return registryView(plugins.map((block) => block.definition)).map((view) => ({
        ...view,
        plugin: owners.get(view.type) ?? null,
      })) as Static<typeof BlockDefinition>[];
    },
  );

  routes.post(
    '/api/builder/page/:id/save',
    {
      permission: 'authenticated',
      summary: "Save a page's block tree (and optionally its title)",
      description:
        'The tree is validated against the block registry: an unknown type, a prop of the wrong type, children where a block takes none or nesting too deep give 422 with the JSON path of each fault (`blocks[0].children[2].props.level`). Blocks keep their `id` across saves; blocks without one get one. `version` as for PUT /api/pages/{id}.',
      params: PageParams,
      body: Type.Object(
        {
          version: Type.Integer({ minimum: 1, maximum: MAX_ID }),
          blocks: Type.Array(Type.Unknown()),
          title: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
        },
        { additionalProperties: false },
      ),
      data: EntrySchema,
    },
    (ctx, { params, body }) => content.entries.update(ctx, 'page', params.id, body),
  );

  routes.post(
    '/api/builder/page/:id/publish',
    {
      permission: 'authenticated',
      summary: 'Publish the page as saved',
      params: PageParams,
      data: EntrySchema,
    },
    (ctx, { params }) => content.workflow.take(ctx, 'page', params.id, 'publish', {}),
  );

  routes.list(
    '/api/builder/page/:id/revisions',
    {
      permission: 'authenticated',
      summary: "The page's revisions, newest first",
      params: PageParams,
      querystring: Type.Object(PageQuery(), { additionalProperties: false }),
      data: RevisionSchema,
    },
    (ctx, { params, query }) => content.revisions.list(ctx, 'page', params.id, query.page, query.limit),
  );

  routes.post(
    '/api/builder/page/:id/restore/:revisionId',
    {
      permission: 'authenticated',
      summary: 'Restore a revision of the page, as a new revision',
      params: Type.Object({ id: Id(), revisionId: Id() }, { additionalProperties: false }),
      data: EntrySchema,
    },
    (ctx, { params }) => content.revisions.restore(ctx, 'page', params.id, params.revisionId),
  );
}
