import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { type Block, type BlockDefinition, blockRegistry, eachBlock, MAX_BLOCKS } from '@tessera/blocks';
import { ValidationFailed } from '../../core/errors.js';
import type { App } from '../../core/http/app-type.js';
import { Id, Nullable } from '../../core/http/input-schemas.js';
import { rateLimitBudget } from '../../core/http/rate-limit/rate-limit-key.js';
import { installationLimiter } from '../../core/http/rate-limit/rate-limiter.js';
import { operationOf } from '../../core/http/request-actor.js';
import { siteRoutes } from '../../core/http/site-routes.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import { canvasSubject, requireCanvasEditor } from './canvas-subject.js';
import { CANVAS_MAX_LIST_ENTRIES, CANVAS_MAX_LISTS, listWork } from './canvas-work.js';
import { DesignPreview } from './design-tokens.js';
import type { PublicSite } from './service.js';

const Link = Type.Object({ label: Type.String(), url: Type.String({ description: 'Site-relative' }) });

const Variant = Type.Object({ url: Type.String(), width: Type.Integer(), height: Type.Integer() });

/** A media item as blocks take it (MediaInfo of @tessera/blocks). */
const MediaInfoSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  alt: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  variants: Type.Object({
    thumbnail: Type.Optional(Variant),
    medium: Type.Optional(Variant),
    large: Type.Optional(Variant),
    full: Type.Optional(Variant),
  }),
  credit: Nullable(
    Type.Object({
      photographer: Type.String(),
      profile_url: Nullable(Type.String()),
      provider: Nullable(Type.String()),
    }),
  ),
});

const EntryListSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      url: Type.String({ description: 'Site-relative' }),
      excerpt: Type.String(),
      published_at: Type.String(),
      author: Nullable(Type.String()),
      image: Nullable(Type.Integer(), 'No featured image, or none visitors may see; else one of `media`'),
      comments: Type.Optional(
        Type.Integer({ minimum: 1, description: 'Its approved comments; absent when it has none' }),
      ),
    }),
  ),
  page: Type.Integer({ description: 'From 1: always 1 on the canvas' }),
  pages: Type.Integer(),
});

/** A menu link of a theme location (MenuLink of @tessera/blocks), its address resolved. */
const MenuLinkSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      label: Type.String(),
      url: Type.String(),
      target: Type.Union([Type.Literal('_self'), Type.Literal('_blank')]),
      rel: Type.String(),
      className: Type.String(),
      children: Type.Array(Self),
    }),
  { $id: 'MenuLink' },
);

/** What a page's blocks ask their environment for, and the look of the site around them. */
const CanvasSchema = Type.Object({
  stylesheet: Type.String({ description: "The theme's stylesheet: /theme/<name>.<hash>.css" }),
  tokens: Type.String({ description: "The site's design tokens as CSS, as its pages have them in <head>" }),
  lang: Type.String({
    description: 'The locale used: the one asked for when the site has it, else its default',
  }),
  time_zone: Type.String({ description: 'Dates are written in it (general settings)' }),
  site: Type.Object({ name: Type.String(), logo_url: Nullable(Type.String()), home_url: Type.String() }),
  trail: Type.Array(Link, {
    description: "The entry's published ancestors, then itself as it is being edited; [] without entry_id",
  }),
  media: Type.Array(MediaInfoSchema, {
    description:
      "Every media item the tree, its synced patterns and its lists' featured images name that visitors may see",
  }),
  lists: Type.Record(Type.String(), EntryListSchema, {
    description: 'The entries each list block shows (latest posts, content list), by block id',
  }),
  patterns: Type.Record(Type.String(), Type.Array(Type.Unknown()), {
    description: 'The block tree of each synced pattern the tree places, by pattern id',
  }),
  menus: Type.Record(Type.String(), Type.Array(MenuLinkSchema), {
    description: 'The menus of the theme locations, by location',
  }),
  comment_counts: Type.Record(Type.String(), Type.String(), {
    description:
      'How the site writes each count of comments the lists show (`{ "2": "2 comments" }`), in `lang`',
  }),
  plugin_blocks: Type.Record(Type.String(), Type.String(), {
    description:
      "The HTML of each plugin block of the tree (the site's active plugins render theirs on the server), by block id",
  }),
});
export type Canvas = Static<typeof CanvasSchema>;

const CanvasRequest = Type.Object(
  {
    blocks: Type.Array(Type.Unknown(), {
      description: `The tree as the editor holds it, at most ${MAX_BLOCKS} blocks in all: read, never stored`,
    }),
    locale: Type.Optional(Type.String({ maxLength: 35 })),
    entry_id: Type.Optional(
      Id({
        description:
          'The entry (page) being edited: its edit permission is needed, as to save it; it gives the breadcrumb trail',
      }),
    ),
    pattern_id: Type.Optional(Id({ description: 'The pattern being edited: needs patterns.manage' })),
    section: Type.Optional(
      Type.Union([Type.Literal('header'), Type.Literal('footer')], {
        description: 'The header or footer being edited: needs widgets.manage',
      }),
    ),
    design: Type.Optional(DesignPreview),
  },
  { additionalProperties: false },
);

/** POST /api/builder/canvas: the builder renders an unsaved tree with what the site would give it. */
export function canvasRoutes(app: App, runtime: Runtime, site: PublicSite): void {
  const limiter = installationLimiter(runtime);
  siteRoutes(app, (request) => operationOf(runtime, request), 'builder').post(
    '/api/builder/canvas',
    {
      permission: 'authenticated',
      summary: "What the builder's canvas renders a block tree with before it is saved",
      description: `The data the site's blocks ask for when a page renders (media, lists, synced patterns, menus, the site, the trail), as visitors would see it, and the theme's stylesheet and design tokens. The request names what is being edited, with one of \`entry_id\`, \`pattern_id\` and \`section\` (422 without), and the caller must be allowed to edit it, as to save it (403 \`permission_denied\`). The tree is read loosely, as it may be half-edited: a node that is not an object with a string \`type\` is skipped with what it holds, and one whose type is unknown, whose \`id\` is not a string or whose props do not check asks for nothing itself (its children still do). More than the block limit in all gives 422 under \`blocks\`, and so do more than ${CANVAS_MAX_LISTS} list blocks (latest posts, content lists, synced patterns' included) or lists asking for more than ${CANVAS_MAX_LIST_ENTRIES} entries together (\`canvas_too_costly\`); a body over the server's limit, 413. Each list block, and each plugin block (its plugin renders it with its own queries), costs one request more of the caller's rate limit.`,
      body: CanvasRequest,
      data: CanvasSchema,
    },
    async (ctx, { body, request, reply }) => {
      const entry = await requireCanvasEditor(runtime, ctx, canvasSubject(body));
      const plugins = pluginsOf(runtime);
      const tree = canvasTree(body.blocks, plugins.blockRegistry(ctx.site.id));
      // A list block costs what a list request of the API does: one more of the caller's budget
      // each, so a tree of thousands of lists spends it (429) instead of the database's time. A
      // plugin block, which its plugin renders with its own queries, costs the same.
      const active = plugins.activeBlocks(ctx.site.id);
      let rendered = 0;
      eachBlock(tree, (block) => {
        if (active.has(block.type)) rendered += 1;
      });
      const units = listWork(tree).lists + rendered;
      if (units > 0) {
        const budget = rateLimitBudget('general', request.principal, request.ip);
        await limiter.chargeUnits(budget.group, budget.key, units, reply, request.log);
      }
      return site.canvas(ctx.site, tree, {
        ...(body.locale !== undefined ? { locale: body.locale } : {}),
        ...(body.design !== undefined ? { design: body.design } : {}),
        entry,
      });
    },
  );
}

/**
 * The blocks of a tree as the editor holds it that the canvas fetches data for. A tree being edited
 * may be half right, so it is read loosely: a node that is not an object with a string type is
 * skipped with what it holds; one that is not a block of the registry with a string id and props
 * that check (defaults applied) asks for nothing itself, but its children are read. Past
 * MAX_BLOCKS nodes the walk stops with a fault.
 */
export function canvasTree(
  nodes: readonly unknown[],
  registry: ReadonlyMap<string, BlockDefinition> = blockRegistry,
): Block[] {
  let count = 0;
  const read = (list: readonly unknown[]): Block[] =>
    list.flatMap((node) => {
      count += 1;
      if (count > MAX_BLOCKS)
        throw ValidationFailed.field('blocks', `A tree holds at most ${MAX_BLOCKS} blocks.`);
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
      const { id, type, props, children } = node as Record<string, unknown>;
      if (typeof type !== 'string') return [];
      const inner = Array.isArray(children) ? read(children) : [];
      if (typeof id !== 'string') return inner;
      const definition = registry.get(type);
      const checked = definition ? checkedProps(definition, props) : null;
      return checked ? [{ id, type, props: checked, children: inner }] : inner;
    });
  return read(nodes);
}

/** A block's props with their defaults, or null when they are not what its type takes. */
function checkedProps(definition: BlockDefinition, props: unknown): Record<string, unknown> | null {
  if (props !== undefined && (props === null || typeof props !== 'object' || Array.isArray(props)))
    return null;
  const filled = Value.Default(definition.props, structuredClone(props ?? {}));
  return Value.Check(definition.props, filled) ? (filled as Record<string, unknown>) : null;
}
