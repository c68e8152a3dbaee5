import { pathToFileURL } from 'node:url';
import { Type } from '@sinclair/typebox';
import type { Block } from '@tessera/blocks';
import type {
  ContentTypeDefinition,
  PluginDefinition,
  PluginFormVisitor,
  PluginImage,
  PluginPatterns,
} from '@tessera/plugin';
import { isAttachment } from '@tessera/plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { systemActorOn } from '../access/actor.js';
import type { MigrationSource } from '../db/migrate.js';
import { NotFound } from '../errors.js';
import { ANSWERS } from '../http/answer-caching.js';
import type { App } from '../http/app-type.js';
import { rawBodyOf } from '../http/raw-body.js';
import { addSiteRoute } from '../http/site-routes.js';
import { callerLanguage } from '../i18n/language.js';
import type { MailEventDefinition } from '../mail/templates/mail-event.js';
import { mailEventsOf } from '../mail/templates/mail-events.js';
import { templateProblems } from '../mail/templates/render.js';
import { type OperationContext, operationContext } from '../operation/operation-context.js';
import type { Runtime } from '../runtime.js';
import type { Site } from '../sites/site.js';
import { type PluginManifest, readManifest } from './manifest.js';
import { linkPluginPackage, pluginsDir } from './package-link.js';
import { sendAttachment } from './plugin-attachment.js';
import { pluginBackups } from './plugin-backups.js';
import { renderPluginBlocks, SiteBlockRegistry, type StagedBlock } from './plugin-blocks.js';
import {
  type AddedField,
  type ContentChecks,
  type DeclaredContent,
  fieldsAddedTo,
  type ListFilterSource,
  listFilterOf,
  requireSoundContent,
} from './plugin-content.js';
import type { StagedPage } from './plugin-pages.js';
import { PluginRepo } from './plugin-repo.js';
import {
  emptyStaged,
  type PluginMcpEntry,
  type PluginSiteEvent,
  pluginContext,
  type SetupHost,
  type Staged,
  type StagedRoute,
  type StagedSchedule,
  setupOf,
} from './plugin-setup.js';
import type { UninstallStep } from './uninstall.js';

export type { PluginMcpEntry } from './plugin-setup.js';

/** How a plugin stands in this process. */
export interface PluginStatus {
  readonly name: string;
  readonly version: string;
  readonly folder: string;
  /** `failed` when its manifest, module or setup threw: nothing of it is registered. */
  readonly state: 'loaded' | 'failed';
  readonly error: string | null;
  readonly activeOn: number[];
}

declare module '../hooks/hook-manager.js' {
  interface ActionHooks {
    /**
     * Who may read these published entries changed (a plugin's `entry.access` answers differently
     * now), in the transaction of the change: what keeps their text for the public (the search
     * index) takes it again.
     */
    'entries.access_changed': [event: { ids: number[] }];
  }
}

/** Reads a settings group on a site, secrets opened: the settings module's, handed in at load. */
export type SettingsReader = (site: Site, group: string) => Promise<Record<string, unknown>>;

/** What the modules lend the host when plugins load: the core cannot reach them itself. */
export interface PluginServices {
  readSettings: SettingsReader;
  content: ContentChecks;
  /** Images of a site's library by id, as pages show them large (`plugin.media.images`). */
  images(site: Site, ids: readonly number[]): Promise<Map<number, PluginImage>>;
  /** Renders a plugin's mail from the site's template and queues it (`plugin.mail.send`). */
  sendMail: SetupHost['sendMail'];
  /** The public site's visitor of a request, as plugins see them (their session and site account). */
  visitor(request: FastifyRequest, reply: FastifyReply): PluginFormVisitor;
  /** Administrators' patterns run by RE2 (`plugin.patterns`). */
  patterns: PluginPatterns;
}

/** Before the modules lend the visitor (a host without them, in a test): nobody, and nothing kept. */
const NO_VISITOR: PluginFormVisitor = {
  read: async () => null,
  setData: async () => {
    throw new Error('visitor sessions are not available here');
  },
  end: async () => {},
};

/** Before the modules lend the pattern engine (a host without them, in a test): no pattern runs. */
const NO_PATTERNS = 'unavailable';

/** Refuses a plugin's activation on a site (a content type or a path already taken there). */
export type ActivationCheck = (plugin: string, site: Site) => Promise<void>;

/**
 * Loads the installed plugins into a runtime and keeps where each is active. One per runtime
 * (`pluginsOf`); the server mounts the routes it collected.
 */
export class PluginHost {
  private readonly statuses = new Map<string, PluginStatus>();
  private readonly routes = new Map<string, StagedRoute[]>();
  private readonly mcp = new Map<string, PluginMcpEntry[]>();
  private readonly siteSchedules = new Map<string, StagedSchedule[]>();
  private readonly content = new Map<string, { area: string; declared: DeclaredContent }>();
  private readonly blocks = new Map<string, StagedBlock[]>();
  private readonly pages = new Map<string, StagedPage[]>();
  private readonly siteEvents = new Map<string, PluginSiteEvent[]>();
  /** What each loaded plugin offers the plugins requiring it. */
  private readonly provided = new Map<string, object>();
  private readonly activationChecks: ActivationCheck[] = [];
  private readonly uninstalling: UninstallStep[] = [];
  private active = new Map<string, Set<number>>();
  private readSettings: SettingsReader = async () => {
    throw new Error('plugins are not loaded');
  };
  private contentChecks: ContentChecks | null = null;
  private visitorOf: PluginServices['visitor'] | null = null;
  private imagesOf: PluginServices['images'] = async () => new Map();
  private patternsOf: PluginPatterns = {
    problem: () => NO_PATTERNS,
    matches: () => false,
  };
  private mailOf: PluginServices['sendMail'] = async () => {
    throw new Error('mail is not available here');
  };

  /** What a plugin's context is given of this host. */
  private readonly setupHost: SetupHost;

  constructor(private readonly runtime: Runtime) {
    runtime.hooks.declare('entries.access_changed', 'transaction');
    this.setupHost = {
      log: runtime.log,
      readSettings: (site, group) => this.readSettings(site, group),
      purgePagesOf: (plugin, ctx) => this.purgePagesOf(plugin, ctx),
      accessChanged: (ctx, entryIds) => this.accessChanged(ctx, entryIds),
      images: (site, ids) => this.imagesOf(site, ids),
      sendMail: (ctx, event, message) => this.mailOf(ctx, event, message),
      storage: runtime.storage,
      backups: pluginBackups(runtime),
      patterns: {
        problem: (pattern) => this.patternsOf.problem(pattern),
        matches: (pattern, value) => this.patternsOf.matches(pattern, value),
      },
      provided: (plugin) => this.provided.get(plugin),
      contentChecks: () => {
        if (!this.contentChecks) throw new Error('plugins are not loaded');
        return this.contentChecks;
      },
    };
  }

  /** The migration folders of installed plugins whose manifest reads. */
  async migrationSources(): Promise<MigrationSource[]> {
    const sources: MigrationSource[] = [];
    for (const row of await new PluginRepo(this.runtime.data.global).list()) {
      try {
        const manifest = readManifest(row.folder);
        if (manifest.migrations)
          sources.push({ folder: manifest.migrations, prefix: `plugin.${manifest.name}.` });
      } catch {
        // Reported by load(), which fails the plugin for the same reason.
      }
    }
    return sources;
  }

  /** Imports and sets up every installed plugin; one that throws is reported and skipped. */
  async load(services: PluginServices): Promise<void> {
    this.visitorOf = services.visitor;
    this.readSettings = services.readSettings;
    this.contentChecks = services.content;
    this.imagesOf = services.images;
    this.mailOf = services.sendMail;
    this.patternsOf = services.patterns;
    const rows = await new PluginRepo(this.runtime.data.global).list();
    if (rows.length > 0)
      await linkPluginPackage(pluginsDir(this.runtime)).catch((error: unknown) => {
        // A plugin that imports the package then fails to load, and says why; the others still load.
        this.runtime.log.error({ err: error }, 'plugins cannot be given @tessera/plugin');
      });
    for (const row of rows) {
      let manifest: PluginManifest | null = null;
      try {
        manifest = readManifest(row.folder);
        if (manifest.name !== row.name)
          throw new Error(`its manifest now names it "${manifest.name}"; reinstall it`);
        const module = (await import(pathToFileURL(manifest.entry).href)) as { default?: PluginDefinition };
        const setup = setupOf(module.default);
        const staged = emptyStaged();
        await setup(pluginContext(this.setupHost, manifest, staged));
        await requireRenderingMail(staged.mail);
        this.apply(manifest, staged);
        this.statuses.set(row.name, status(row, manifest, 'loaded', null));
      } catch (error) {
        const reason = reasonOf(error);
        this.runtime.log.error(
          { err: error, plugin: row.name },
          `plugin ${row.name} was not loaded: ${reason}`,
        );
        this.statuses.set(row.name, status(row, manifest, 'failed', reason));
      }
    }
    await this.reloadActivation();
    for (const name of this.siteSchedules.keys()) await this.syncSiteSchedules(name);
  }

  /**
   * Makes a plugin's per-site schedules match where it is active: one row for each active site,
   * none for the others. Called at load and by activation and deactivation.
   */
  async syncSiteSchedules(name: string): Promise<void> {
    const { schedules } = this.runtime.jobs;
    const active = this.active.get(name) ?? new Set<number>();
    for (const def of this.siteSchedules.get(name) ?? []) {
      for (const siteId of active) await schedules.schedule(def.name, def.cron, def.payload, { siteId });
      for (const existing of await schedules.list()) {
        if (existing.name === def.name && existing.site_id !== null && !active.has(existing.site_id))
          await schedules.unschedule(def.name, { siteId: existing.site_id });
      }
    }
  }

  isActive(name: string, siteId: number): boolean {
    return this.active.get(name)?.has(siteId) ?? false;
  }

  /** Whether a plugin of that name is installed here (loaded, or failed to). */
  isInstalled(name: string): boolean {
    return this.statuses.has(name);
  }

  /** Re-reads where plugins are active (after an activation, or when another process changed it). */
  async reloadActivation(): Promise<void> {
    this.active = await new PluginRepo(this.runtime.data.global).activeSites();
  }

  /** The MCP tools, resources and prompts of the plugins active on a site. */
  mcpEntries(siteId: number): PluginMcpEntry[] {
    return [...this.mcp].flatMap(([name, entries]) => (this.isActive(name, siteId) ? entries : []));
  }

  /** The content types of the plugins active on a site, with the plugin owning each. */
  contentTypesOn(siteId: number): Array<{ plugin: string; definition: ContentTypeDefinition }> {
    return [...this.content].flatMap(([plugin, { declared }]) =>
      this.isActive(plugin, siteId) ? declared.types.map((definition) => ({ plugin, definition })) : [],
    );
  }

  /** Which loaded plugin defines each content type slug, active or not. */
  contentTypeOwners(): Map<string, string> {
    return new Map(
      [...this.content].flatMap(([plugin, { declared }]) =>
        declared.types.map((type) => [type.slug, plugin] as const),
      ),
    );
  }

  /** The fields the plugins active on a site add to a type, each in its plugin's namespace. */
  fieldsAddedTo(siteId: number, type: string): AddedField[] {
    return [...this.content].flatMap(([plugin, { area, declared }]) =>
      this.isActive(plugin, siteId) ? fieldsAddedTo(plugin, area, declared, type) : [],
    );
  }

  /**
   * The list filter `key` (`seo.rating`) for a type's list on a site: declared by a plugin whose area
   * starts the key and which is active there; null else.
   */
  listFilter(siteId: number, type: string, key: string): ListFilterSource | null {
    const dot = key.indexOf('.');
    const area = key.slice(0, dot);
    for (const [plugin, owned] of this.content) {
      if (owned.area !== area || !this.isActive(plugin, siteId)) continue;
      const found = listFilterOf(owned.declared, type, key.slice(dot + 1));
      if (found) return found;
    }
    return null;
  }

  /** The block types of the plugins active on a site, by type. */
  activeBlocks(siteId: number): Map<string, StagedBlock> {
    const active = new Map<string, StagedBlock>();
    for (const [plugin, blocks] of this.blocks)
      if (this.isActive(plugin, siteId)) for (const block of blocks) active.set(block.declared.type, block);
    return active;
  }

  /** The site events of the plugins active on a site, for its webhooks' catalogue. */
  siteEventsOn(siteId: number): PluginSiteEvent[] {
    return [...this.siteEvents].flatMap(([plugin, events]) => (this.isActive(plugin, siteId) ? events : []));
  }

  /** What a site's block trees are checked against: the core's types, its active plugins', and sleeping ones kept. */
  blockRegistry(siteId: number): SiteBlockRegistry {
    return new SiteBlockRegistry([...this.activeBlocks(siteId).values()]);
  }

  /** The HTML of a tree's plugin blocks on a site, rendered by their plugins before the page renders. */
  renderBlocks(site: Site, tree: readonly Block[], options: { locale: string; canvas: boolean }) {
    return renderPluginBlocks(this.runtime, site, this.activeBlocks(site.id), tree, options);
  }

  /** A settings group's values on a site, secrets opened (a plugin's form budget kept in its settings). */
  settingsOf(site: Site, group: string): Promise<Record<string, unknown>> {
    return this.readSettings(site, group);
  }

  /** Every loaded plugin's pages and form posts, for the public site to mount once. */
  allPages(): StagedPage[] {
    return [...this.pages.values()].flat();
  }

  /** The first segments of addresses the plugins active on a site claim, with the plugin claiming each. */
  claimedPrefixes(siteId: number): Map<string, string> {
    const claimed = new Map<string, string>();
    for (const [plugin, pages] of this.pages)
      if (this.isActive(plugin, siteId)) for (const page of pages) claimed.set(page.prefix, plugin);
    return claimed;
  }

  /** Empties the operation's site's cached pages showing the plugin's pages and blocks, after the commit. */
  purgePagesOf(plugin: string, ctx: OperationContext): void {
    const runtime = this.runtime;
    ctx.afterCommit(async () => {
      await runtime.caches.forget('pages', { siteId: ctx.site.id, tags: [`plugin:${plugin}`] });
      // The widgets and sections, rendered once per site, may show its blocks.
      await runtime.caches.forget('widgets', ctx.site.id);
    });
  }

  /**
   * In the operation's transaction, `entries.access_changed` (the search index keeps only a
   * restricted entry's teaser); after the commit, the entries' pages leave the page cache (a page
   * kept while the entry was public must not be sent to visitors it is now restricted for), and the
   * site's sitemaps and kept API answers go (the caches the feeds module and the server register
   * under these names).
   */
  async accessChanged(ctx: OperationContext, entryIds: readonly number[]): Promise<void> {
    const runtime = this.runtime;
    const siteId = ctx.site.id;
    await ctx.hooks.doAction('entries.access_changed', { ids: [...entryIds] });
    ctx.afterCommit(async () => {
      if (entryIds.length > 0)
        await runtime.caches.forget('pages', { siteId, tags: entryIds.map((id) => `entry:${id}`) });
      await runtime.caches.forget('sitemaps', siteId);
      await runtime.caches.forget(ANSWERS, siteId);
    });
  }

  /** What a module removes of a plugin that is uninstalled (its settings, its fields' values...). */
  addUninstallStep(step: UninstallStep): void {
    this.uninstalling.push(step);
  }

  uninstallSteps(): readonly UninstallStep[] {
    return this.uninstalling;
  }

  /** A module's check before any plugin is switched on for a site. */
  addActivationCheck(check: ActivationCheck): void {
    this.activationChecks.push(check);
  }

  /** Runs every module's check; the first refusal (a typed error) stops the activation. */
  async checkActivation(plugin: string, site: Site): Promise<void> {
    for (const check of this.activationChecks) await check(plugin, site);
  }

  list(): PluginStatus[] {
    return [...this.statuses.values()].map((s) => ({
      ...s,
      activeOn: [...(this.active.get(s.name) ?? [])].sort(),
    }));
  }

  /**
   * Mounts the loaded plugins' routes under `/api/<name>/`. Authentication, rate limits and the
   * permission check are the app's own hooks, as for core routes; a site where the plugin is not
   * active answers 404.
   */
  mountRoutes(app: App, contextOf: (request: FastifyRequest) => OperationContext): void {
    for (const [name, pluginRoutes] of this.routes) {
      // Routes are mounted on every site; on one where the plugin is not active they do not exist.
      const operationOf = (request: FastifyRequest) => {
        if (!request.site || !this.isActive(name, request.site.id))
          throw new NotFound('Route', 'route_not_found');
        return contextOf(request);
      };
      for (const { method, path, spec, handler } of pluginRoutes) {
        const route = {
          method,
          url: `/api/${name}${path === '/' ? '' : path}`,
          shape: spec.status === 204 ? ('none' as const) : ('one' as const),
          spec: { ...spec, rateLimit: spec.rateLimit ?? 'general', data: spec.response ?? Type.Unknown() },
        };
        addSiteRoute(
          app,
          operationOf,
          `plugin:${name}`,
          route,
          async (ctx, { params, query, body, request, reply }) => {
            const answer = await handler(ctx, {
              params,
              query,
              body,
              headers: request.headers,
              rawBody: rawBodyOf(request),
              locale: callerLanguage(request),
              visitor: this.visitorOf?.(request, reply) ?? NO_VISITOR,
            } as never);
            if (isAttachment(answer)) return sendAttachment(reply, answer);
            return answer ?? null;
          },
        );
      }
    }
  }

  /** Applies a staged setup: first every check, then every registration, so a refusal leaves nothing. */
  private apply(manifest: PluginManifest, staged: Staged): void {
    const { runtime } = this;
    for (const p of staged.permissions) {
      const ids = p.ownable ? [p.id, `${p.id}_others`] : [p.id];
      for (const id of ids)
        if (runtime.permissions.has(id)) throw new Error(`permission "${id}" is already registered`);
    }
    for (const job of staged.jobs)
      if (runtime.jobs.registry.get(job.name)) throw new Error(`job "${job.name}" is already defined`);
    if (staged.settings && runtime.settings.has(manifest.area))
      throw new Error(`a settings group "${manifest.area}" is already registered`);
    for (const schedule of staged.schedules)
      if (!staged.jobs.some((job) => job.name === schedule.name))
        throw new Error(`schedule "${schedule.name}" names a job the plugin does not define`);
    if (!this.contentChecks) throw new Error('plugins are not loaded');
    requireSoundContent(staged.content, this.contentChecks);
    const owners = this.contentTypeOwners();
    const prefixes = new Map(this.allPages().map((page) => [page.prefix, page.plugin]));
    for (const page of staged.pages) {
      const other = prefixes.get(page.prefix);
      if (other && other !== manifest.name)
        throw new Error(`pages under /${page.prefix} are plugin ${other}'s`);
    }
    for (const event of staged.mail)
      if (mailEventsOf(runtime).named(event.name, () => true))
        throw new Error(`mail event "${event.name}" is declared already`);
    for (const event of staged.events)
      for (const [other, events] of this.siteEvents)
        if (other !== manifest.name && events.some((known) => known.name === event.name))
          throw new Error(`site event "${event.name}" is plugin ${other}'s`);
    for (const type of staged.content.types) {
      const owner = owners.get(type.slug);
      if (owner && owner !== manifest.name)
        throw new Error(`content type "${type.slug}" is defined by plugin ${owner} already`);
    }

    const owner = `plugin:${manifest.name}`;
    const activeOn = (siteId: number) => this.isActive(manifest.name, siteId);
    for (const p of staged.permissions)
      runtime.permissions.register(p.id, p.description, {
        owner: manifest.name,
        ...(p.ownable ? { ownable: p.ownable } : {}),
      });
    if (staged.settings) {
      const { schema, defaults, secrets, description, check } = staged.settings;
      // Checked before any registration: a bad schema or defaults fails the plugin whole.
      runtime.settings.register(manifest.area, schema, defaults as never, {
        owner: manifest.name,
        description,
        secrets: secrets as never,
        ...(check ? { check: check as never } : {}),
      });
    }
    for (const { name, phase } of staged.phases) runtime.hooks.declare(name as never, phase);
    for (const a of staged.actions)
      runtime.hooks.addAction(a.name as never, a.callback as never, {
        owner,
        priority: a.priority,
        activeOn,
      });
    for (const f of staged.filters)
      runtime.hooks.addFilter(f.name as never, f.callback as never, {
        owner,
        priority: f.priority,
        activeOn,
      });
    for (const job of staged.jobs) {
      runtime.jobs.registry.define(
        job.name,
        async (payload, run) => {
          const site = run.siteId === null ? null : await runtime.siteStore.findById(run.siteId);
          if (site && !this.isActive(manifest.name, site.id)) {
            run.log.info(
              { plugin: manifest.name },
              `skipped: ${manifest.name} is no longer active on site ${site.id}`,
            );
            return;
          }
          const operation = site ? operationContext(runtime, systemActorOn(site, runtime.permissions)) : null;
          await job.handler(payload, { ...run, operation });
        },
        job.options,
      );
    }
    for (const event of staged.mail) mailEventsOf(runtime).register(manifest.name, event);
    this.routes.set(manifest.name, staged.routes);
    this.mcp.set(manifest.name, staged.mcp);
    this.content.set(manifest.name, { area: manifest.area, declared: staged.content });
    this.blocks.set(manifest.name, staged.blocks);
    this.pages.set(manifest.name, staged.pages);
    this.siteEvents.set(manifest.name, staged.events);
    if (staged.provided) this.provided.set(manifest.name, staged.provided);
    this.siteSchedules.set(
      manifest.name,
      staged.schedules.filter((schedule) => schedule.perSite),
    );
    // Schedules are rows, written after the registrations; per-site ones follow activation.
    for (const schedule of staged.schedules.filter((s) => !s.perSite)) {
      runtime.jobs.schedules
        .schedule(schedule.name, schedule.cron, schedule.payload)
        .catch((error: unknown) => {
          runtime.log.error(
            { err: error, plugin: manifest.name },
            `schedule ${schedule.name} could not be saved`,
          );
        });
    }
  }
}

function status(
  row: { name: string; version: string; folder: string },
  manifest: PluginManifest | null,
  state: PluginStatus['state'],
  error: string | null,
): PluginStatus {
  return {
    name: row.name,
    version: manifest?.version ?? row.version,
    folder: row.folder,
    state,
    error,
    activeOn: [],
  };
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

const hosts = new WeakMap<Runtime, PluginHost>();

/** The plugin host of a runtime. */
export function pluginsOf(runtime: Runtime): PluginHost {
  let host = hosts.get(runtime);
  if (!host) {
    const created = new PluginHost(runtime);
    host = created;
    hosts.set(runtime, created);
    // `tessera plugin:activate` in another process bumps the cache epoch; this picks it up.
    runtime.caches.register('plugin_activation', () => created.reloadActivation());
  }
  return host;
}

/** A plugin's mail events, each default checked as an administrator's template is when saved. */
async function requireRenderingMail(events: readonly MailEventDefinition[]): Promise<void> {
  for (const event of events)
    for (const [language, parts] of Object.entries(event.defaults)) {
      if (!parts) continue;
      const problems = await templateProblems(event, parts);
      const first = Object.entries(problems)[0];
      if (first)
        throw new Error(`mail event "${event.name}": its ${language} ${first[0]} part: ${first[1][0]}`);
    }
}
