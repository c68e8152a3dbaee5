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
import type { PluginAccounts } from './accounts.js';
import type { PluginBackups } from './backups.js';
import type { PluginBlocks } from './blocks.js';
import type { PluginContent } from './content.js';
import type { PluginErrors } from './errors.js';
import type { ActionCallback, ActionName, FilterCallback, FilterName, HookPhase } from './hooks.js';
import type { PluginMessages } from './messages.js';
import type { PluginJobRun, PluginLogger, PluginOperation } from './operation.js';
import type { PluginFormVisitor, PluginPages } from './pages.js';

/**
 * Everything a plugin gets: the same surface for the official plugins and for a third party. There
 * is deliberately nothing else: no configuration, no root database handle, no secret key.
 *
 * `setup` runs in every process (server, worker, CLI) and only declares things; what it declares
 * takes effect only if it returns without throwing, so a plugin that fails while loading leaves
 * nothing half-registered (`tessera plugin:list` says why, and the server still starts).
 *
 * ```ts
 * import { definePlugin } from '@tessera/plugin';
 * export default definePlugin((plugin) => {
 *   plugin.permissions.register('guestbook.moderate', 'Hide and delete guestbook entries');
 *   plugin.routes.get('/entries', { permission: 'public', summary: 'Latest entries' },
 *     (ctx) => plugin.db(ctx).selectFrom('guestbook_entries').selectAll().execute());
 * });
 * ```
 *
 * Pitfalls: everything the plugin names starts with its area (`guestbook.`, `guestbook_`), or setup
 * fails; hooks, routes and per-site jobs act only on the sites where it is active; a hook in the
 * `transaction` phase runs inside the operation's transaction, so it must not do slow I/O.
 */
export interface PluginContext {
  /** The plugin's name, from its manifest (`tessera.plugin`). */
  readonly name: string;
  readonly version: string;
  /** `name` with `-` written `_`: the prefix of its permissions, hooks, jobs and tables. */
  readonly area: string;
  /** A logger whose lines carry the plugin's name. */
  readonly log: PluginLogger;
  /** TypeBox's builder, for route and settings schemas: `plugin.schema.Object({ ... })`. */
  readonly schema: typeof Type;
  readonly permissions: PluginPermissions;
  readonly hooks: PluginHooks;
  readonly jobs: PluginJobs;
  /** Routes, all under `/api/<name>/`, with the usual authentication, permissions and rate limits. */
  readonly routes: PluginRoutes;
  /** The typed errors the envelope maps (404, 409, 422, 403); anything else thrown becomes a 500. */
  readonly errors: PluginErrors;
  /** Its messages in English and French: the envelope says its refusals in the caller's language. */
  readonly messages: PluginMessages;
  /** Its per-site settings: one group named after its area, in /api/settings like the core's. */
  readonly settings: PluginSettings;
  /** Content types of its own, and fields on the core's types (SEO fields on every entry). */
  readonly content: PluginContent;
  /** Blocks for the page builder, rendered on the server (a form, a product grid). */
  readonly blocks: PluginBlocks;
  /** Public pages in the site's theme (a cart, a sign-up form), and the form posts they send. */
  readonly pages: PluginPages;
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
  /** Mails the plugin sends (an order's confirmation), from templates administrators can change. */
  readonly mail: PluginMail;
  /** Site events of its own (`form.submitted`), delivered to the site's webhooks beside the core's. */
  readonly events: PluginEvents;
  /** What it offers the plugins that require it (`tessera.requires`), and what those it requires offer. */
  readonly api: PluginApi;
  /** Files kept privately for the plugin (a form's uploads): never under a public address. */
  readonly files: PluginFiles;
  /** The site's accounts (its visitors who registered), read only: by id, by address, searched. */
  readonly accounts: PluginAccounts;
  /** Backups of the whole installation and their restore (Super Admins' operations only). */
  readonly backups: PluginBackups;
  /** Regular expressions administrators write (a form field's pattern), run safely on visitors' input. */
  readonly patterns: PluginPatterns;
  /**
   * The plugin's own tables (named `<area>_...`, each with a `site_id` column its migration
   * creates) on the operation's site: every statement is scoped to that site and, inside the
   * operation's transaction, runs in it.
   */
  db<Tables = Record<string, Record<string, unknown>>>(ctx: PluginOperation): PluginDb<Tables>;
}

/** A place in a record that holds a media item. */
export interface MediaReference {
  mediaId: number;
  /** The path in the record, as a 422 would name it (`images.0`). */
  path: string;
  /** Kinds of file the place takes (`image`, `document`...); absent: any. */
  accepts?: readonly string[];
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
    ctx: PluginOperation,
    kind: string,
    id: number,
    references: readonly MediaReference[],
    previous?: readonly number[],
  ): Promise<void>;
  /**
   * Images of the site's library by id, as its pages show them large (a social card, a product's
   * photo): ids that are not images of this site are absent from the answer.
   */
  images(ctx: PluginOperation, ids: readonly number[]): Promise<Map<number, PluginImage>>;
}

/** An image of the media library, at the size pages show it large (the original's when smaller). */
export interface PluginImage {
  id: number;
  /** Site-relative (`/media/...`), or absolute when files are served from elsewhere (a CDN). */
  url: string;
  width: number;
  height: number;
  /** Its alternative text; empty when it has none. */
  alt: string;
}

/**
 * What a plugin offers AI clients through /api/mcp and `tessera mcp`. Each entry declares the
 * permission a caller needs: without it the entry is not listed, and calling it anyway is refused.
 * Names start with the plugin's area and `_`; a tool that changes nothing says `readOnly: true`.
 */
export interface PluginMcp {
  tool<I extends TObject>(
    name: string,
    spec: PluginMcpToolSpec<I>,
    handler: (ctx: PluginOperation, input: Static<I>) => Promise<unknown> | unknown,
  ): void;
  /** A read-only document, at `tessera://plugins/<plugin>/<name>`. */
  resource(
    name: string,
    spec: PluginMcpResourceSpec,
    read: (ctx: PluginOperation) => Promise<unknown> | unknown,
  ): void;
  /** A prompt template: `render` turns the client's arguments into the text of a user message. */
  prompt(name: string, spec: PluginMcpPromptSpec, render: (args: Record<string, string>) => string): void;
}

export interface PluginMcpToolSpec<I extends TObject = TObject> {
  description: string;
  /** A permission id from the catalogue, or `authenticated` for any signed-in caller. */
  permission: string;
  /** The input, a TypeBox object; checked before the handler runs. */
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
  /** Only has the agent read (summarize, review): listed on read-only sites too. Default false. */
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
  onAction<N extends ActionName>(name: N, callback: ActionCallback<N>, options?: { priority?: number }): void;
  /** Passes a value through `callback`, on the sites where the plugin is active. */
  onFilter<N extends FilterName>(name: N, callback: FilterCallback<N>, options?: { priority?: number }): void;
  /** Declares the phase of a hook the plugin itself fires (`<area>.<event>`); type it in `ActionHooks`. */
  declare(name: string, phase: HookPhase): void;
}

/**
 * A plugin's job handler. A job enqueued by an operation belongs to its site, and `run.operation`
 * is a context on that site acting as the system. Handlers may run more than once: make them safe
 * to repeat.
 */
export type PluginJobHandler = (payload: unknown, run: PluginJobRun) => Promise<void>;

export interface PluginJobs {
  /** The handler of a job kind `<area>.<kind>`. */
  define(
    name: string,
    handler: PluginJobHandler,
    options?: { maxAttempts?: number; timeoutSeconds?: number },
  ): void;
  /**
   * A recurring job of a kind this plugin defines, on a five-field cron expression (UTC). With
   * `perSite`, one schedule per site where the plugin is active, kept in step with activation.
   */
  schedule(name: string, cron: string, payload: unknown, options?: { perSite?: boolean }): void;
}

/** A value a mail's templates may print, documented in the email templates screen. */
export interface PluginMailVariable {
  /** Its path in the templates: `order.total` is printed `{{ order.total }}`. */
  name: string;
  type: 'string' | 'url' | 'email' | 'list';
  description: string;
  /** What previews and test mails print. */
  example: unknown;
}

/** A mail's three parts, in LiquidJS (the HTML part's values escaped): what administrators edit. */
export interface PluginMailParts {
  subject: string;
  html: string;
  text: string;
}

/** A kind of mail the plugin sends: what it is for, what it may print, and its default templates. */
export interface PluginMailTemplate {
  description: string;
  variables: readonly PluginMailVariable[];
  /** English, and French when the plugin writes it (else French recipients get the English). */
  defaults: { en: PluginMailParts; fr?: PluginMailParts };
}

export interface PluginMail {
  /**
   * Declares a mail event `<area>.<event>` (`shop.order_paid`). Administrators of the sites where the
   * plugin is active see it in the email templates screen beside the core's and may change it per
   * language; every mail also has `site.name`, `site.url` and `site.logo_url`. The defaults are
   * checked when the plugin loads: one that does not render with the variables' examples fails it.
   */
  template(event: string, template: PluginMailTemplate): void;
  /**
   * Queues the event's mail to `to`, from the site's template in `locale` (the recipient's; the
   * site's language when absent), else the default, in the site's layout. Inside the operation's
   * transaction it is sent exactly when the change that caused it commits. `to: 'administrators'`
   * mails each of the site's administrators (its Admins and the Super Admins) in their own
   * language, without their addresses passing through the plugin.
   */
  send(
    ctx: PluginOperation,
    event: string,
    message: {
      to: string | 'administrators';
      locale?: string;
      variables: Record<string, unknown>;
      replyTo?: string;
    },
  ): Promise<void>;
}

/**
 * Changes on a site that integrations may want to hear of, named `<resource>.<action>` like the
 * core's (`post.published`): the site's webhooks can subscribe to them, `<resource>.*` included,
 * and the `site.event` hook sees them.
 */
/**
 * One plugin building on another's work (the shop paying through the payments plugin): the plugin
 * required offers an object of functions, the one requiring it calls them. Each function takes the
 * caller's operation first (`ctx`), so it acts on the caller's site, inside its transaction, with its
 * permissions checked by the caller's route.
 *
 * ```ts
 * // payments
 * plugin.api.provide({ createPayment: (ctx, input) => ... });
 * // ecommerce, whose package.json says "requires": { "payments": "^1" }
 * const payments = () => plugin.api.of<PaymentsApi>('payments');
 * plugin.routes.post('/checkout', spec, (ctx, input) => payments().createPayment(ctx, ...));
 * ```
 */
export interface PluginApi {
  /** Offers `api` to the plugins that require this one: once, in setup. */
  provide(api: object): void;
  /**
   * What a plugin named in this one's `requires` provided. Ask when handling something (a route, a
   * hook, a job), not in setup: plugins set up in any order. Throws when `name` is not required, and
   * with 409 `plugin_requirement_missing` when that plugin is not loaded or offers nothing.
   */
  of<T extends object>(name: string): T;
}

export interface PluginEvents {
  /**
   * Declares an event (`form.submitted`, `order.paid`): lowercase `<resource>.<action>`, a resource
   * that is none of the core's (user, comment, media, settings, webhook), an event no other plugin
   * declares. Listed in the webhooks' catalogue on the sites where the plugin is active.
   */
  declare(name: string, options: { description: string }): void;
  /**
   * Emits a declared event on the operation's site, in its transaction when one is open (the
   * webhook deliveries it queues commit or roll back with the change). `data` is what receivers
   * get: the resource as the change left it, never a secret.
   */
  emit(ctx: PluginOperation, name: string, data: Record<string, unknown>): Promise<void>;
}

/** A file the plugin stored: its key (keep it in your table), size and SHA-256 (hex). */
export interface PluginStoredFile {
  key: string;
  size: number;
  sha256: string;
}

/**
 * Private files of the plugin, per site, in the installation's file storage (local disk, or the S3
 * bucket several instances share) beside the media library but never served by it: a file reaches
 * a browser only through a route of yours that checks its permission and answers `attachment(...)`.
 */
export interface PluginFiles {
  /** Stores the bytes under a new key of the operation's site (`<site>/plugins/<area>/...`). */
  save(ctx: PluginOperation, file: { bytes: Uint8Array; contentType: string }): Promise<PluginStoredFile>;
  /** The file's bytes as they come, or null when there is none (or the key is not this plugin's on this site). */
  read(ctx: PluginOperation, key: string): Promise<{ body: AsyncIterable<Uint8Array>; size: number } | null>;
  /**
   * Deletes the files (missing ones are no error): inside a transaction, once it commits, so a
   * rolled-back deletion keeps them. Keys of another plugin or site are refused.
   */
  delete(ctx: PluginOperation, keys: readonly string[]): Promise<void>;
}

/**
 * Patterns an administrator writes, checked against what visitors send: run by RE2, whose time
 * grows with the value's length, never exponentially, so a pattern like `((a+))+` cannot hold the
 * server. JavaScript's own engine must never run such a pattern on the server.
 */
export interface PluginPatterns {
  /**
   * Why `pattern` cannot be used (a message to show beside it: not a valid expression, a feature RE2
   * lacks such as backreferences or lookaround, too large), or null when it can.
   */
  problem(pattern: string): string | null;
  /** Whether the whole of `value` matches `pattern`; false for a pattern with a problem. */
  matches(pattern: string, value: string): boolean;
}

/** A request to another server. */
export interface PluginHttpInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Bytes or text as they are; an object or array is sent as JSON (content-type set unless given). */
  body?: string | Uint8Array | Record<string, unknown> | unknown[];
  /** 30 s by default, at most 120 s: without a byte for that long, the request fails. */
  timeoutMs?: number;
  /** 10 MB by default, at most 50 MB: a longer answer fails the request. */
  maxBytes?: number;
}

/** The other server's answer, whatever its status (redirects are not followed). */
export interface PluginHttpAnswer {
  status: number;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface PluginHttp {
  request(ctx: PluginOperation, url: string, init?: PluginHttpInit): Promise<PluginHttpAnswer>;
}

/** The rate-limit groups of spec 8 a route can count in. */
export type PluginRateLimitGroup = 'general' | 'upload' | 'search' | 'comments';

/** A route's declaration: the permission is required, as on every core route. */
export interface PluginRouteSpec<
  P extends TSchema = TSchema,
  Q extends TSchema = TSchema,
  B extends TSchema = TSchema,
> {
  /** A permission id from the catalogue, `authenticated` or `public`. */
  permission: string;
  summary: string;
  rateLimit?: PluginRateLimitGroup;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The schema of `data` in the answer; it also filters what is sent. */
  response?: TSchema;
  /** 200 by default; 201 for a creation; 204 sends no body. */
  status?: 200 | 201 | 204;
  /** Keep the request's bytes as sent, as `rawBody` (a payment provider's signed webhooks). */
  rawBody?: boolean;
}

export interface PluginRequestInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The request's headers, names in lower case. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body's bytes as sent, on a route declared with `rawBody: true`; null otherwise. */
  rawBody: Buffer | null;
  /**
   * The caller's language among those the server writes (`en`, `fr`): their profile's, else their
   * Accept-Language's, else English, as the core answers them. For the plugin's own messages; the
   * core's are translated already.
   */
  locale: string;
  /**
   * The visitor of the public site making the request (a cart's script on a page): their session
   * and signed-in site account, and a way to keep data for them. An admin's token or session is not a
   * visitor: this is the public site's own cookie.
   */
  visitor: PluginFormVisitor;
}

/** Whatever the handler returns is sent as `{ data }`; a typed error (NotFound...) as the error envelope. */
export type PluginRouteHandler<P, Q, B> = (
  ctx: PluginOperation,
  input: PluginRequestInput<P, Q, B>,
) => Promise<unknown> | unknown;

export type PluginRoute = <
  P extends TSchema = TSchema,
  Q extends TSchema = TSchema,
  B extends TSchema = TSchema,
>(
  path: string,
  spec: PluginRouteSpec<P, Q, B>,
  handler: PluginRouteHandler<Static<P>, Static<Q>, Static<B>>,
) => void;

export interface PluginRoutes {
  get: PluginRoute;
  post: PluginRoute;
  put: PluginRoute;
  patch: PluginRoute;
  delete: PluginRoute;
}

/** A plugin's tables on one site, in the shape of Kysely's own builders; `site_id` is filled in. */
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
    options?: {
      secrets?: string[];
      description?: string;
      /**
       * What the schema cannot say (a robots.txt's lines, one key depending on another): given the
       * group's values after a change, the messages by key (`robots_txt`), empty when all is well;
       * any message refuses the change with 422.
       */
      check?: (values: Static<S>) => Record<string, string>;
    },
  ): void;
  /** The group's values on the operation's site, secrets opened. */
  read<T = Record<string, unknown>>(ctx: PluginOperation): Promise<T>;
  /**
   * The site's general settings, as its pages show them (read only): its title (the site's name
   * until one is set), tagline, time zone and date and time formats.
   */
  general(ctx: PluginOperation): Promise<PluginGeneralSettings>;
}

/** A site's general settings, as plugins read them. */
export interface PluginGeneralSettings {
  title: string;
  tagline: string;
  /** IANA (`Europe/Lisbon`). */
  time_zone: string;
  /** Unicode patterns (`d MMMM yyyy`, `HH:mm`). */
  date_format: string;
  time_format: string;
}

/** What a plugin module exports by default: `{ setup(plugin) }`, or the setup function itself. */
export type PluginDefinition =
  | { setup(plugin: PluginContext): void | Promise<void> }
  | ((plugin: PluginContext) => void | Promise<void>);
