import type { TObject } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type {
  ContentTypeDefinition,
  FieldDefinition,
  ListFilterDefinition,
  PluginBackups,
  PluginBlockDefinition,
  PluginContext,
  PluginDb,
  PluginDefinition,
  PluginGeneralSettings,
  PluginHttpInit,
  PluginImage,
  PluginJobHandler,
  PluginMailTemplate,
  PluginMcpPromptSpec,
  PluginMcpResourceSpec,
  PluginMcpToolSpec,
  PluginOperation,
  PluginPatterns,
  PluginRouteSpec,
} from '@tessera/plugin';
import type { Logger } from 'pino';
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  TooManyRequests,
  UpstreamFailed,
  ValidationFailed,
} from '../errors.js';
import { declareMediaReferences, type MediaReference } from '../events/media-references.js';
import { emitSiteEvent } from '../events/site-events.js';
import type { HookPhase } from '../hooks/hook-manager.js';
import type { RouteMethod } from '../http/site-routes.js';
import type { MailParts } from '../mail/templates/liquid.js';
import type { MailEventDefinition } from '../mail/templates/mail-event.js';
import type { OperationContext } from '../operation/operation-context.js';
import type { Site } from '../sites/site.js';
import type { FileStorage } from '../storage/storage.js';
import type { PluginManifest } from './manifest.js';
import { pluginAccounts } from './plugin-accounts.js';
import { type StagedBlock, stagedBlock } from './plugin-blocks.js';
import {
  type ContentChecks,
  checkDeclaredFields,
  checkDeclaredType,
  checkListFilter,
  type DeclaredContent,
} from './plugin-content.js';
import { pluginFiles } from './plugin-files.js';
import { pluginRequest } from './plugin-http.js';
import { pluginMessages } from './plugin-messages.js';
import { pagePrefix, type StagedPage } from './plugin-pages.js';

/**
 * What a plugin's `setup` is handed (`pluginContext`) and what it declares through it (`Staged`):
 * nothing it declares takes effect until the whole setup returned, when the host applies it.
 */

/** What the context needs of its host: the logger, the settings, the page cache. */
export interface SetupHost {
  readonly log: Logger;
  readSettings(site: Site, group: string): Promise<Record<string, unknown>>;
  purgePagesOf(plugin: string, ctx: OperationContext): void;
  /** Forgets what the site keeps of entries whose access changed (`plugin.content.accessChanged`). */
  accessChanged(ctx: OperationContext, entryIds: readonly number[]): Promise<void>;
  images(site: Site, ids: readonly number[]): Promise<Map<number, PluginImage>>;
  /** Renders a mail of one of the plugin's events and queues it (the email templates module's). */
  sendMail(ctx: OperationContext, event: MailEventDefinition, message: PluginMailMessage): Promise<void>;
  /** The installation's file storage, where `plugin.files` keeps the plugins' private files. */
  readonly storage: FileStorage;
  /** The installation's backups (core/backup), for `plugin.backups`. */
  readonly backups: PluginBackups;
  /** Administrators' patterns, run by RE2 (the content module's, lent at load). */
  readonly patterns: PluginPatterns;
  /** The content module's checks of field definitions and values, lent at load. */
  contentChecks(): ContentChecks;
  /** What a loaded plugin offers the plugins requiring it (`plugin.api.provide`); undefined else. */
  provided(plugin: string): object | undefined;
}

/** `plugin.mail.send`'s recipient for the site's administrators (a mail each, in their language). */
export const ADMINISTRATORS = 'administrators';

/** What `plugin.mail.send` is given. */
export interface PluginMailMessage {
  /** An address, or ADMINISTRATORS. */
  to: string;
  locale?: string;
  variables: Record<string, unknown>;
  replyTo?: string;
}

type Method = RouteMethod;

export interface StagedRoute {
  method: Method;
  path: string;
  spec: PluginRouteSpec;
  handler: (
    ctx: OperationContext,
    input: {
      params: never;
      query: never;
      body: never;
      headers: never;
      rawBody: never;
      locale: never;
      visitor: never;
    },
  ) => unknown;
}

/** A plugin's tool, resource or prompt for AI clients, as the MCP module lists them. */
export type PluginMcpEntry =
  | {
      kind: 'tool';
      plugin: string;
      name: string;
      spec: PluginMcpToolSpec;
      handler: (ctx: OperationContext, input: never) => unknown;
    }
  | {
      kind: 'resource';
      plugin: string;
      name: string;
      spec: PluginMcpResourceSpec;
      read: (ctx: OperationContext) => unknown;
    }
  | {
      kind: 'prompt';
      plugin: string;
      name: string;
      spec: PluginMcpPromptSpec;
      render: (args: Record<string, string>) => string;
    };

/** What a plugin's setup declared, applied to the runtime only once the whole setup succeeded. */
export interface Staged {
  permissions: Array<{ id: string; description: string; ownable?: { othersDescription: string } }>;
  phases: Array<{ name: string; phase: HookPhase }>;
  actions: Array<{ name: string; callback: (...args: never[]) => unknown; priority?: number }>;
  filters: Array<{ name: string; callback: (...args: never[]) => unknown; priority?: number }>;
  jobs: Array<{
    name: string;
    handler: PluginJobHandler;
    options: { maxAttempts?: number; timeoutSeconds?: number };
  }>;
  schedules: StagedSchedule[];
  routes: StagedRoute[];
  mcp: PluginMcpEntry[];
  settings: {
    schema: TObject;
    defaults: Record<string, unknown>;
    secrets: string[];
    description: string;
    /** The plugin's own checks: one message by key, as the settings' 422 carries them (a list each). */
    check?: (values: Record<string, unknown>) => Record<string, string[]>;
  } | null;
  content: DeclaredContent;
  blocks: StagedBlock[];
  pages: StagedPage[];
  /** Its mail events, checked (their defaults render) before they are registered. */
  mail: MailEventDefinition[];
  /** Its site events (`form.submitted`), for the webhooks' catalogue. */
  events: PluginSiteEvent[];
  /** What it offers the plugins requiring it (`plugin.api.provide`). */
  provided: object | null;
}

/** A site event a plugin declared. */
export interface PluginSiteEvent {
  name: string;
  description: string;
}

export interface StagedSchedule {
  name: string;
  cron: string;
  payload: unknown;
  perSite: boolean;
}

const ROUTE_PATH = /^\/[A-Za-z0-9/_:.-]*$/;

export function pluginContext(host: SetupHost, manifest: PluginManifest, staged: Staged): PluginContext {
  const { area, name } = manifest;
  const owned = (what: string, id: string, separator: '.' | '_' = '.') => {
    if (!id.startsWith(`${area}${separator}`) || id.length <= area.length + 1)
      throw new Error(`${what} "${id}" must start with "${area}${separator}"`);
  };
  const stagePage = (page: StagedPage) => {
    if (typeof page.handler !== 'function')
      throw new Error(`page ${page.method} ${page.path} has no handler`);
    if (
      page.method === 'GET' &&
      !['public', 'private'].includes((page.spec as { cache?: string })?.cache ?? '')
    )
      throw new Error(`page ${page.path} must say its cache: 'public' or 'private'`);
    if (page.method === 'POST') {
      const { form, files, refused } = page.spec;
      // A form named from the address is checked when it is posted: a name not the plugin's is a 404.
      if (typeof form !== 'function') owned('form', form ?? '');
      if (files !== undefined && typeof files !== 'function' && !(files.maxFiles >= 1 && files.maxBytes >= 1))
        throw new Error(`page ${page.path}: files needs a maxFiles and a maxBytes of 1 or more`);
      if (refused !== undefined && typeof refused !== 'function')
        throw new Error(`page ${page.path}: refused must be a function`);
    }
    if (staged.pages.some((other) => other.method === page.method && other.path === page.path))
      throw new Error(`page ${page.method} ${page.path} is declared twice`);
    staged.pages.push(page);
  };
  const page =
    (method: StagedPage['method']) =>
    (path: string, spec: StagedPage['spec'], handler: StagedPage['handler']): void =>
      stagePage({ method, plugin: name, path, prefix: pagePrefix(path), spec, handler } as StagedPage);
  const route =
    (method: Method) =>
    (path: string, spec: PluginRouteSpec, handler: StagedRoute['handler']): void => {
      if (!ROUTE_PATH.test(path))
        throw new Error(`route path "${path}" must start with / and be a plain path`);
      if (!spec.permission) throw new Error(`route ${method} ${path} declares no permission`);
      staged.routes.push({ method, path, spec, handler });
    };
  return Object.freeze({
    name,
    version: manifest.version,
    area,
    log: host.log.child({ plugin: name }),
    schema: Type,
    permissions: Object.freeze({
      register(id: string, description: string, options: { ownable?: { othersDescription: string } } = {}) {
        owned('permission', id);
        staged.permissions.push({ id, description, ...options });
      },
    }),
    hooks: Object.freeze({
      onAction(hook: string, callback: (...args: never[]) => unknown, options: { priority?: number } = {}) {
        staged.actions.push({ name: hook, callback, priority: options.priority });
      },
      onFilter(hook: string, callback: (...args: never[]) => unknown, options: { priority?: number } = {}) {
        staged.filters.push({ name: hook, callback, priority: options.priority });
      },
      declare(hook: string, phase: HookPhase) {
        owned('hook', hook);
        staged.phases.push({ name: hook, phase });
      },
    }),
    jobs: Object.freeze({
      define(job: string, handler: PluginJobHandler, options = {}) {
        owned('job', job);
        staged.jobs.push({ name: job, handler, options });
      },
      schedule(job: string, cron: string, payload: unknown, options: { perSite?: boolean } = {}) {
        owned('job', job);
        staged.schedules.push({ name: job, cron, payload, perSite: options.perSite === true });
      },
    }),
    routes: Object.freeze({
      get: route('GET'),
      post: route('POST'),
      put: route('PUT'),
      patch: route('PATCH'),
      delete: route('DELETE'),
    }),
    messages: pluginMessages(area),
    errors: Object.freeze({
      NotFound,
      Conflict,
      ValidationFailed,
      Forbidden,
      BadRequest,
      TooManyRequests,
      UpstreamFailed,
    }),
    content: Object.freeze({
      defineType(definition: ContentTypeDefinition) {
        checkDeclaredType(definition);
        staged.content.types.push(structuredClone(definition));
      },
      addFields(types: readonly string[] | '*', fields: readonly FieldDefinition[]) {
        checkDeclaredFields(types, fields);
        staged.content.fields.push({
          types: types === '*' ? '*' : [...types],
          fields: structuredClone([...fields]),
        });
      },
      listFilter(definition: ListFilterDefinition) {
        checkListFilter(area, definition);
        staged.content.filters.push(structuredClone(definition));
      },
      accessChanged(ctx: OperationContext, entryIds: readonly number[]) {
        if (!entryIds.every((id) => Number.isSafeInteger(id) && id > 0))
          throw new Error('content.accessChanged takes entry ids');
        return host.accessChanged(ctx, entryIds);
      },
      checkFields: (fields: unknown) => host.contentChecks().written(fields),
      checkValues: (fields: readonly FieldDefinition[], values: unknown, options?: { isNew?: boolean }) =>
        host.contentChecks().values(fields, values, { isNew: options?.isNew === true }),
    }),
    blocks: Object.freeze({
      define(definition: PluginBlockDefinition) {
        const block = stagedBlock(name, area, definition);
        if (staged.blocks.some((other) => other.declared.type === block.declared.type))
          throw new Error(`block type "${block.declared.type}" is defined twice`);
        staged.blocks.push(block);
      },
      purge: (ctx: OperationContext) => host.purgePagesOf(name, ctx),
    }),
    pages: Object.freeze({
      get: page('GET'),
      post: page('POST'),
      purge: (ctx: OperationContext) => host.purgePagesOf(name, ctx),
    }),
    settings: Object.freeze({
      define(
        schema: TObject,
        defaults: Record<string, unknown>,
        options: {
          secrets?: string[];
          description?: string;
          check?: (values: Record<string, unknown>) => Record<string, string>;
        } = {},
      ) {
        if (staged.settings) throw new Error('settings are defined twice');
        staged.settings = {
          schema,
          defaults,
          secrets: options.secrets ?? [],
          description: options.description ?? '',
          ...(options.check ? { check: pluginCheck(options.check) } : {}),
        };
      },
      read: (ctx: OperationContext) => host.readSettings(ctx.site, area),
      async general(ctx: OperationContext): Promise<PluginGeneralSettings> {
        const general = (await host.readSettings(ctx.site, 'general')) as unknown as PluginGeneralSettings;
        return {
          title: general.title || ctx.site.name,
          tagline: general.tagline,
          time_zone: general.time_zone,
          date_format: general.date_format,
          time_format: general.time_format,
        };
      },
    }),
    media: Object.freeze({
      async declareReferences(
        ctx: OperationContext,
        kind: string,
        id: number,
        references: readonly MediaReference[],
        previous: readonly number[] = [],
      ) {
        if (!/^[a-z][a-z0-9_]{0,39}$/.test(kind))
          throw new Error(`media owner kind "${kind}" must be of a-z, 0-9 and _`);
        await declareMediaReferences(ctx, {
          ownerType: `${area}.${kind}`,
          ownerId: id,
          references,
          previous,
        });
      },
      images: (ctx: OperationContext, ids: readonly number[]) =>
        ids.length === 0 ? Promise.resolve(new Map<number, PluginImage>()) : host.images(ctx.site, ids),
    }),
    mail: Object.freeze({
      template(event: string, template: PluginMailTemplate) {
        owned('mail event', event);
        if (!/^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]{0,59}$/.test(event))
          throw new Error(`mail event "${event}" must be <area>.<a-z, 0-9 and _>`);
        if (staged.mail.some((known) => known.name === event))
          throw new Error(`mail event "${event}" is declared twice`);
        staged.mail.push(mailEventOf(event, template));
      },
      async send(ctx: OperationContext, event: string, message: PluginMailMessage) {
        const definition = staged.mail.find((known) => known.name === event);
        if (!definition) throw new Error(`${name} declares no mail event "${event}" (plugin.mail.template)`);
        if (
          typeof message?.to !== 'string' ||
          (message.to !== ADMINISTRATORS && !/^[^\s@]+@[^\s@]+$/.test(message.to))
        )
          throw ValidationFailed.field('to', 'A mail needs one address to go to.');
        await host.sendMail(ctx, definition, message);
      },
    }),
    http: Object.freeze({
      request: async (ctx: OperationContext, url: string, init: PluginHttpInit = {}) => {
        const { allow_private_addresses } = await host.readSettings(ctx.site, 'plugins');
        return pluginRequest(url, init, allow_private_addresses === true);
      },
    }),
    mcp: Object.freeze({
      tool(tool: string, spec: PluginMcpToolSpec, handler: (ctx: OperationContext, input: never) => unknown) {
        owned('MCP tool', tool, '_');
        if (!spec.permission) throw new Error(`MCP tool ${tool} declares no permission`);
        staged.mcp.push({ kind: 'tool', plugin: name, name: tool, spec, handler });
      },
      resource(resource: string, spec: PluginMcpResourceSpec, read: (ctx: OperationContext) => unknown) {
        if (!/^[a-z][a-z0-9_-]{0,63}$/.test(resource))
          throw new Error(`MCP resource "${resource}" must be of a-z, 0-9, _ and -`);
        if (!spec.permission) throw new Error(`MCP resource ${resource} declares no permission`);
        staged.mcp.push({ kind: 'resource', plugin: name, name: resource, spec, read });
      },
      prompt(prompt: string, spec: PluginMcpPromptSpec, render: (args: Record<string, string>) => string) {
        owned('MCP prompt', prompt, '_');
        if (!spec.permission) throw new Error(`MCP prompt ${prompt} declares no permission`);
        staged.mcp.push({ kind: 'prompt', plugin: name, name: prompt, spec, render });
      },
    }),
    events: Object.freeze({
      declare(event: string, options: { description: string }) {
        checkSiteEventName(event);
        if (typeof options?.description !== 'string' || options.description.trim() === '')
          throw new Error(`site event "${event}" needs a description`);
        if (staged.events.some((known) => known.name === event))
          throw new Error(`site event "${event}" is declared twice`);
        staged.events.push({ name: event, description: options.description });
      },
      async emit(ctx: OperationContext, event: string, data: Record<string, unknown>) {
        if (!staged.events.some((known) => known.name === event))
          throw new Error(`${name} declares no site event "${event}" (plugin.events.declare)`);
        await emitSiteEvent(ctx, event, data);
      },
    }),
    api: Object.freeze({
      provide(api: object) {
        if (typeof api !== 'object' || api === null) throw new Error('api.provide needs an object');
        if (staged.provided) throw new Error('api.provide is called twice');
        staged.provided = Object.freeze({ ...api });
      },
      of<T extends object>(required: string): T {
        if (manifest.requires[required] === undefined)
          throw new Error(`${name} does not name "${required}" in tessera.requires`);
        const api = host.provided(required);
        if (!api)
          throw new Conflict(
            `${name} needs ${required}, which is not loaded or offers nothing.`,
            'plugin_requirement_missing',
          );
        return api as T;
      },
    }),
    files: pluginFiles(host.storage, area),
    accounts: pluginAccounts,
    backups: host.backups,
    patterns: host.patterns,
    db: (ctx: OperationContext) => pluginDb(area, ctx),
  }) as PluginContext;
}

/** A plugin's own tables (`<area>_...`) through the operation's site-scoped handle. */
function pluginDb<Tables>(area: string, operation: PluginOperation): PluginDb<Tables> {
  const own = (table: string): never => {
    if (!table.startsWith(`${area}_`))
      throw new Error(`plugin ${area} may only use its own tables (${area}_...), not "${table}"`);
    return table as never;
  };
  // The operation a plugin holds is the core's own (the plugin's view of it leaves out the handle).
  // The scoped handle is typed for the core's tables; the plugin's tables are its own declaration.
  const db = (operation as OperationContext).db;
  return {
    selectFrom: (table) => db.selectFrom(own(table)) as never,
    insertInto: (table, values) => db.insertInto(own(table), values as never) as never,
    updateTable: (table) => db.updateTable(own(table)) as never,
    deleteFrom: (table) => db.deleteFrom(own(table)) as never,
  };
}

export function setupOf(
  definition: PluginDefinition | undefined,
): (plugin: PluginContext) => void | Promise<void> {
  if (typeof definition === 'function') return definition;
  if (definition && typeof definition.setup === 'function') return (plugin) => definition.setup(plugin);
  throw new Error('its module exports no plugin: export default { setup(plugin) { ... } }');
}

export function emptyStaged(): Staged {
  return {
    permissions: [],
    phases: [],
    actions: [],
    filters: [],
    jobs: [],
    schedules: [],
    routes: [],
    mcp: [],
    settings: null,
    content: { types: [], fields: [], filters: [] },
    blocks: [],
    pages: [],
    mail: [],
    events: [],
    provided: null,
  };
}

/** A plugin's settings check, as the registry runs it: one message by key becomes a list of one. */
function pluginCheck(
  check: (values: Record<string, unknown>) => Record<string, string>,
): (values: Record<string, unknown>) => Record<string, string[]> {
  return (values) => {
    const messages = check(values);
    return Object.fromEntries(
      Object.entries(messages)
        .filter(([, message]) => typeof message === 'string' && message !== '')
        .map(([key, message]) => [key, [message]]),
    );
  };
}

/** A plugin's mail event as the core keeps them: its definition, shapes checked (the defaults render later). */
function mailEventOf(event: string, template: PluginMailTemplate): MailEventDefinition {
  if (typeof template?.description !== 'string' || template.description.trim() === '')
    throw new Error(`mail event "${event}" needs a description`);
  if (!Array.isArray(template.variables)) throw new Error(`mail event "${event}": variables must be a list`);
  for (const variable of template.variables)
    if (
      typeof variable?.name !== 'string' ||
      !/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$/.test(variable.name) ||
      variable.name === 'site' ||
      variable.name.startsWith('site.') ||
      !['string', 'url', 'email', 'list'].includes(variable.type) ||
      typeof variable.description !== 'string'
    )
      throw new Error(
        `mail event "${event}": variable ${JSON.stringify(variable?.name)} is not one (name, type, description, example)`,
      );
  const parts = (language: string, given: unknown): MailParts => {
    const value = given as Partial<MailParts> | undefined;
    if (
      typeof value?.subject !== 'string' ||
      typeof value.html !== 'string' ||
      typeof value.text !== 'string'
    )
      throw new Error(`mail event "${event}": defaults.${language} needs a subject, an html and a text part`);
    return { subject: value.subject, html: value.html, text: value.text };
  };
  return {
    name: event,
    description: template.description,
    variables: template.variables.map(({ name, type, description, example }) => ({
      name,
      type,
      description,
      example,
    })),
    defaults: {
      en: parts('en', template.defaults?.en),
      ...(template.defaults?.fr === undefined ? {} : { fr: parts('fr', template.defaults.fr) }),
    },
  };
}

/** Resources whose events are the core's: a plugin's events name a resource of its own. */
const CORE_EVENT_RESOURCES = new Set(['user', 'comment', 'media', 'settings', 'webhook', 'site', 'plugin']);

function checkSiteEventName(event: string): void {
  const match = /^([a-z][a-z0-9_]{0,39})\.([a-z][a-z0-9_]{0,39})$/.exec(event);
  if (!match) throw new Error(`site event "${event}" must be <resource>.<action>, in a-z, 0-9 and _`);
  if (CORE_EVENT_RESOURCES.has(match[1] ?? ''))
    throw new Error(`site event "${event}": ${match[1]} events are the core's`);
}
