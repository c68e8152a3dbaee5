import type { Static, TObject, TSchema, Type } from '@sinclair/typebox';
import type {
  DeleteQueryBuilder,
  DeleteResult,
  Insertable,
  InsertQueryBuilder,
  InsertResult,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely';
import type { Logger } from 'pino';
import type { Conflict, Forbidden, NotFound, ValidationFailed } from '../errors.js';
import type { MediaReference } from '../events/media-references.js';
import type {
  ActionCallback,
  ActionHooks,
  FilterCallback,
  FilterHooks,
  HookPhase,
} from '../hooks/hook-manager.js';
import type { RateLimitGroup } from '../http/route-config.js';
import type { JobContext } from '../jobs/job-registry.js';
import type { OperationContext } from '../operation/operation-context.js';
import type { PluginHttpAnswer, PluginHttpInit } from './plugin-http.js';

/**
 * Everything a plugin gets: the same surface for the official plugins and for a third party. There
 * is deliberately nothing else here: no configuration, no root database handle, no secret key.
 *
 * A plugin is an ES module whose default export is `{ setup(plugin) }` (or the setup function
 * itself). `setup` runs in every process (server, worker, CLI) and only declares things; what it
 * declares takes effect only if it returns without throwing, so a plugin that fails while loading
 * leaves nothing half-registered (it is reported by `tessera plugin:list`, and the server still
 * starts).
 *
 * ```js
 * export default {
 *   setup(plugin) {
 *     plugin.permissions.register('guestbook.moderate', 'Hide and delete guestbook entries');
 *     plugin.routes.get('/entries', { permission: 'public', summary: 'Latest entries' },
 *       (ctx) => plugin.db(ctx).selectFrom('guestbook_entries').selectAll().execute());
 *   },
 * };
 * ```
 *
 * Pitfalls: everything the plugin names must start with its area (`guestbook.`, `guestbook_`), or
 * setup fails; its hooks, routes and per-site jobs act only on the sites where it is activated
 * (`tessera plugin:activate --site`); a hook in the `transaction` phase runs inside the operation's
 * transaction, so it must not do slow I/O.
 */
export interface PluginContext {
  /** The plugin's name, from its manifest (`tessera.plugin`). */
  readonly name: string;
  readonly version: string;
  /** `name` with `-` written `_`: the prefix of its permissions, hooks, jobs and tables. */
  readonly area: string;
  /** A logger whose lines carry the plugin's name. */
  readonly log: Logger;
  /** TypeBox's builder, for route schemas: `plugin.schema.Object({ body: plugin.schema.String() })`. */
  readonly schema: typeof Type;
  readonly permissions: PluginPermissions;
  readonly hooks: PluginHooks;
  readonly jobs: PluginJobs;
  /** Routes, all under `/api/<name>/`, with the usual authentication, permissions and rate limits. */
  readonly routes: PluginRoutes;
  /** The typed errors the envelope maps (404, 409, 422, 403); anything else thrown becomes a 500. */
  readonly errors: PluginErrors;
  /** Its per-site settings: one group named after its area, in /api/settings like the core's. */
  readonly settings: PluginSettings;
  /** The media library's usage tracking, for the plugin's records that hold media (product images...). */
  readonly media: PluginMedia;
  /** Tools, resources and prompts for AI clients (the MCP server), listed beside the core's. */
  readonly mcp: PluginMcp;
  /**
   * Requests to other servers (a language model's API, a payment provider's), with the core's
   * guard: loopback, private and link-local addresses are refused unless the site's `plugins`
   * setting `allow_private_addresses` (Super Admins only) allows them.
   */
  readonly http: PluginHttp;
  /**
   * The plugin's own tables (named `<area>_...`, each with a `site_id` column its migration
   * creates) on the operation's site: every statement is scoped to that site and, inside the
   * operation's transaction, runs in it.
   */
  db<Tables = Record<string, Record<string, unknown>>>(ctx: OperationContext): PluginDb<Tables>;
}

/**
 * A plugin's records use media items the way entries do: each save declares them, so the library
 * shows where an item is used, refuses to delete it while it is, and finds orphans.
 */
export interface PluginMedia {
  /**
   * Declares, inside the save's transaction, every media item a record uses from now on (an empty
   * list when the record is deleted). `kind` names the record's kind and becomes the owner type
   * `<area>.<kind>`. Items missing on the site or of a kind a place does not `accept` refuse the
   * save with 422 by path; ids in `previous` (what the record held before) may be dangling.
   */
  declareReferences(
    ctx: OperationContext,
    kind: string,
    id: number,
    references: readonly MediaReference[],
    previous?: readonly number[],
  ): Promise<void>;
}

/**
 * What a plugin offers AI clients through /api/mcp and `tessera mcp`. Each entry declares the
 * permission a caller needs: without it the entry is not listed, and calling it anyway is refused.
 * Handlers run as the caller, on the sites where the plugin is active, like route handlers.
 *
 * ```js
 * plugin.mcp.tool('guestbook_latest', {
 *   description: 'The latest guestbook entries', permission: 'guestbook.moderate', readOnly: true,
 *   input: plugin.schema.Object({ limit: plugin.schema.Integer({ minimum: 1, maximum: 50 }) }),
 * }, (ctx, input) => plugin.db(ctx).selectFrom('guestbook_entries').selectAll().limit(input.limit).execute());
 * ```
 *
 * Pitfalls: names start with the plugin's area and `_` (`guestbook_latest`); a tool that changes
 * anything must say so (`readOnly` false, the default) or a read-only site would offer it, while a
 * prompt that only reads says `readOnly: true` or a read-only site hides it; what the handler
 * returns is sent to the client as JSON, so return only what the caller may see.
 */
export interface PluginMcp {
  tool<I extends TObject>(
    name: string,
    spec: PluginMcpToolSpec<I>,
    handler: (ctx: OperationContext, input: Static<I>) => Promise<unknown> | unknown,
  ): void;
  /** A read-only document, at `tessera://plugins/<plugin>/<name>`. */
  resource(
    name: string,
    spec: PluginMcpResourceSpec,
    read: (ctx: OperationContext) => Promise<unknown> | unknown,
  ): void;
  /** A prompt template: `render` turns the client's arguments into the text of a user message. */
  prompt(name: string, spec: PluginMcpPromptSpec, render: (args: Record<string, string>) => string): void;
}

export interface PluginMcpToolSpec<I extends TObject = TObject> {
  description: string;
  /** A permission id from the catalogue, or `authenticated` for any signed-in caller. */
  permission: string;
  /** The input, a TypeBox object; checked before the handler runs (422 by path otherwise). */
  input?: I;
  /** Changes nothing (listed on read-only sites). Default false. */
  readOnly?: boolean;
  /** Deletes or unpublishes something (the client may ask the person first). Default false. */
  destructive?: boolean;
}

export interface PluginMcpResourceSpec {
  description: string;
  permission: string;
  /** `application/json` (default: the value is sent as JSON) or a text type for a string. */
  mimeType?: string;
}

export interface PluginMcpPromptSpec {
  description: string;
  permission: string;
  arguments?: Array<{ name: string; description: string; required?: boolean }>;
  /**
   * The prompt only has the agent read (summarize, review): listed on read-only sites too. Default
   * false: a prompt is taken to have the agent change the site, and a site whose MCP surface is
   * read-only does not offer it, since the tools it would ask for are not there.
   */
  readOnly?: boolean;
}

export interface PluginPermissions {
  /**
   * Adds a permission to the catalogue, owned by the plugin. Admins hold it on every site at once;
   * other roles when granted. `ownable` also registers `<id>_others` for other people's items.
   */
  register(id: string, description: string, options?: { ownable?: { othersDescription: string } }): void;
}

export interface PluginHooks {
  /** Runs `callback` at a core or plugin action, on the sites where the plugin is active. */
  onAction<N extends keyof ActionHooks & string>(
    name: N,
    callback: ActionCallback<N>,
    options?: { priority?: number },
  ): void;
  /** Passes a value through `callback`, on the sites where the plugin is active. */
  onFilter<N extends keyof FilterHooks & string>(
    name: N,
    callback: FilterCallback<N>,
    options?: { priority?: number },
  ): void;
  /** Declares the phase of a hook the plugin itself fires (`<area>.<event>`). */
  declare(name: string, phase: HookPhase): void;
}

/**
 * A plugin's job handler. A job enqueued by an operation (`ctx.jobs.enqueue`) belongs to its site,
 * and `run.operation` is a context on that site acting as the system; a job of no site gets null.
 * A job whose plugin has since been deactivated on its site is skipped.
 */
export type PluginJobHandler = (
  payload: unknown,
  run: JobContext & { operation: OperationContext | null },
) => Promise<void>;

export interface PluginJobs {
  /** The handler of a job kind `<area>.<kind>`. */
  define(
    name: string,
    handler: PluginJobHandler,
    options?: { maxAttempts?: number; timeoutSeconds?: number },
  ): void;
  /**
   * A recurring job of a kind this plugin defines, on a five-field cron expression (UTC). With
   * `perSite`, one schedule per site where the plugin is active, kept in step with activation; each
   * run gets an operation context on its site. Without it, one installation-wide schedule.
   */
  schedule(name: string, cron: string, payload: unknown, options?: { perSite?: boolean }): void;
}

export interface PluginHttp {
  request(ctx: OperationContext, url: string, init?: PluginHttpInit): Promise<PluginHttpAnswer>;
}

/** A route's declaration: the permission is required, as on every core route. */
export interface PluginRouteSpec<
  P extends TSchema = TSchema,
  Q extends TSchema = TSchema,
  B extends TSchema = TSchema,
> {
  /** A permission id from the catalogue, `authenticated` or `public`. */
  permission: string;
  summary: string;
  rateLimit?: Exclude<RateLimitGroup, 'none'>;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The schema of `data` in the answer; it also filters what is sent. */
  response?: TSchema;
  /** 200 by default; 201 for a creation; 204 sends no body. */
  status?: 200 | 201 | 204;
  /**
   * Keep the request's bytes as they came, given to the handler as `rawBody`: a payment provider
   * signs its webhooks over the exact bytes it sent, which parsing and serializing again would not
   * give back.
   */
  rawBody?: boolean;
}

export interface PluginRequestInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The request's headers, names in lower case (a webhook's signature header, say). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body's bytes as sent, on a route declared with `rawBody: true`; null otherwise. */
  rawBody: Buffer | null;
}

/** Whatever the handler returns is sent as `{ data }`; a typed error (NotFound...) as the error envelope. */
export type PluginRouteHandler<P, Q, B> = (
  ctx: OperationContext,
  input: PluginRequestInput<P, Q, B>,
) => Promise<unknown> | unknown;

type Route = <P extends TSchema = TSchema, Q extends TSchema = TSchema, B extends TSchema = TSchema>(
  path: string,
  spec: PluginRouteSpec<P, Q, B>,
  handler: PluginRouteHandler<Static<P>, Static<Q>, Static<B>>,
) => void;

export interface PluginRoutes {
  get: Route;
  post: Route;
  put: Route;
  patch: Route;
  delete: Route;
}

/** A plugin's tables on one site, in the shape of Kysely's own builders. */
export interface PluginDb<Tables> {
  selectFrom<T extends keyof Tables & string>(table: T): SelectQueryBuilder<Tables, T, object>;
  insertInto<T extends keyof Tables & string>(
    table: T,
    values: Omit<Insertable<Tables[T]>, 'site_id'> | readonly Omit<Insertable<Tables[T]>, 'site_id'>[],
  ): InsertQueryBuilder<Tables, T, InsertResult>;
  updateTable<T extends keyof Tables & string>(table: T): UpdateQueryBuilder<Tables, T, T, UpdateResult>;
  deleteFrom<T extends keyof Tables & string>(table: T): DeleteQueryBuilder<Tables, T, DeleteResult>;
}

export interface PluginSettings {
  /**
   * Declares the plugin's settings group (`<area>`): a TypeBox object with defaults. Administrators
   * edit it through /api/settings/<area> (settings.edit); unknown keys and bad values are 422. Keys
   * named in `secrets` (API keys) are sealed at rest and never answered back; their schema must
   * accept a string and null.
   */
  define<S extends TObject>(
    schema: S,
    defaults: Static<S>,
    options?: { secrets?: string[]; description?: string },
  ): void;
  /** The group's values on the operation's site, secrets opened. */
  read<T = Record<string, unknown>>(ctx: OperationContext): Promise<T>;
}

export interface PluginErrors {
  readonly NotFound: typeof NotFound;
  readonly Conflict: typeof Conflict;
  readonly ValidationFailed: typeof ValidationFailed;
  readonly Forbidden: typeof Forbidden;
}

/** What a plugin module exports by default. */
export type PluginDefinition =
  | { setup(plugin: PluginContext): void | Promise<void> }
  | ((plugin: PluginContext) => void | Promise<void>);
