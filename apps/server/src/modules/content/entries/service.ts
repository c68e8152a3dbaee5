import { Forbidden, NotFound, ValidationFailed } from '../../../core/errors.js';
import type { Page } from '../../../core/http/envelope.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import { pluginsOf } from '../../../core/plugins/plugin-host.js';
import type { Runtime } from '../../../core/runtime.js';
import { settingsOf } from '../../settings/service.js';
import { type ContentType, permissionArea } from '../types/content-type.js';
import type { ContentTypesService, SiteTypes } from '../types/service.js';
import type { EntryCreate, EntryState, EntryUpdate, EntryView } from './entry.js';
import { EntriesRepo, type Entry, type EntryFilter } from './repo.js';
import { EntryWriter } from './save.js';
import { EntryViews } from './view.js';

/** The type an operation works on, with the permission area its checks use. */
export interface TypeScope {
  type: ContentType;
  /** Every type of the site, for relation targets. */
  siteTypes: SiteTypes;
  area: string;
  repo: EntriesRepo;
}

/**
 * Entries of every content type: pages, posts and custom types go through these same operations
 * whatever the entry point (REST, CLI, import, jobs, MCP), so the rules, hooks, revisions and
 * activity entries are the same everywhere.
 */
export class EntriesService {
  readonly writer: EntryWriter;
  readonly views: EntryViews;

  constructor(
    private readonly runtime: Runtime,
    readonly types: ContentTypesService,
  ) {
    this.writer = new EntryWriter(runtime);
    this.views = new EntryViews(runtime.data);
  }

  async scope(ctx: OperationContext, typeSlug: string): Promise<TypeScope> {
    const siteTypes = await this.types.ofSiteHaving(ctx.site, typeSlug);
    const type = siteTypes.get(typeSlug);
    if (!type) throw new NotFound(`Content type ${typeSlug}`, 'content_type_not_found');
    return { type, siteTypes, area: permissionArea(type), repo: new EntriesRepo(ctx.db) };
  }

  async list(
    ctx: OperationContext,
    typeSlug: string,
    filter: EntryFilter,
    page: number,
    limit: number,
  ): Promise<Page<EntryView>> {
    const scope = await this.scope(ctx, typeSlug);
    this.require(ctx, `${scope.area}.view`);
    const seesOthersDrafts = this.seesOthersDrafts(ctx, scope);
    const resolved = this.withPluginFilter(ctx, typeSlug, filter);
    const found = await scope.repo.list(
      scope.type.id,
      seesOthersDrafts ? resolved : { ...resolved, ownOrPublished: ctx.actor.userId ?? -1 },
      page,
      limit,
    );
    return { items: await this.views.many(ctx, scope, found.items), total: found.total };
  }

  /**
   * The filter with the plugin's list filter it asks for resolved: one an active plugin declares
   * for the type, with one of its values; 422 else (a plugin turned off leaves no silent no-op).
   */
  private withPluginFilter(ctx: OperationContext, typeSlug: string, filter: EntryFilter): EntryFilter {
    if (!filter.asked) return filter;
    const { key, value } = filter.asked;
    const source = pluginsOf(this.runtime).listFilter(ctx.site.id, typeSlug, key);
    if (!source)
      throw ValidationFailed.field('filter', `No active plugin offers the list filter ${key} here.`);
    if (!source.values.includes(value))
      throw ValidationFailed.field(
        'filter',
        `The list filter ${key} takes one of: ${source.values.join(', ')}.`,
      );
    return { ...filter, plugin: { ...source, value } };
  }

  async get(ctx: OperationContext, typeSlug: string, id: number, include: string[] = []): Promise<EntryView> {
    const scope = await this.scope(ctx, typeSlug);
    this.require(ctx, `${scope.area}.view`);
    const entry = await this.find(scope, id, { trashed: true });
    if (
      !this.seesOthersDrafts(ctx, scope) &&
      entry.author_id !== ctx.actor.userId &&
      entry.status !== 'published'
    )
      throw new Forbidden(
        `Other users' entries that are not published require the ${scope.area}.edit_others permission.`,
        'permission_denied',
      );
    return this.views.one(ctx, scope, entry, include);
  }

  /**
   * Others' drafts, entries in review and scheduled ones are seen by those who may edit them or
   * review them; anyone else (an Author, a Contributor) sees others' entries once published, as in
   * WordPress.
   */
  private seesOthersDrafts(ctx: OperationContext, scope: TypeScope): boolean {
    const access = ctx.actor.access;
    return access.allows(`${scope.area}.edit_others`) || access.allows('content.review');
  }

  /** Entries that point at this one through a relation field. */
  async referencedBy(ctx: OperationContext, typeSlug: string, id: number) {
    const scope = await this.scope(ctx, typeSlug);
    this.require(ctx, `${scope.area}.view`);
    await this.find(scope, id, { trashed: true });
    return this.views.references(ctx, scope, id);
  }

  async create(ctx: OperationContext, typeSlug: string, input: EntryCreate): Promise<EntryView> {
    const scope = await this.scope(ctx, typeSlug);
    this.require(ctx, `${scope.area}.create`);
    const id = await ctx.transaction(() => this.writer.create(ctx, scope, input));
    return this.views.one(ctx, scope, await this.find(scope, id), []);
  }

  async update(ctx: OperationContext, typeSlug: string, id: number, input: EntryUpdate): Promise<EntryView> {
    const scope = await this.scope(ctx, typeSlug);
    await ctx.transaction(async () => {
      const entry = await this.find(scope, id);
      this.requireOn(ctx, `${scope.area}.edit`, entry);
      await this.writer.update(ctx, scope, entry, input);
    });
    return this.views.one(ctx, scope, await this.find(scope, id), []);
  }

  /**
   * 403 unless the actor may edit the entry, as a save of it checks (`<area>.edit` for their own,
   * `<area>.edit_others` for another's); 404 when there is none. For what shows an entry being
   * edited without saving it (the builder's canvas).
   */
  async requireEditable(ctx: OperationContext, typeSlug: string, id: number): Promise<void> {
    const scope = await this.scope(ctx, typeSlug);
    this.requireOn(ctx, `${scope.area}.edit`, await this.find(scope, id));
  }

  /** Writes a whole state (a restored revision, an import) as a save of the entry. */
  async replaceState(
    ctx: OperationContext,
    scope: TypeScope,
    entry: Entry,
    state: EntryState,
    note: string,
  ): Promise<void> {
    this.requireOn(ctx, `${scope.area}.edit`, entry);
    await this.writer.update(
      ctx,
      scope,
      entry,
      {
        version: entry.version,
        title: state.title,
        slug: state.slug,
        parent_id: state.parent_id,
        excerpt: state.excerpt,
        featured_media_id: state.featured_media_id,
        author_id: state.author_id,
        fields: state.fields,
        blocks: state.blocks,
        terms: state.terms,
        position: state.position,
      },
      note,
    );
  }

  /** To the trash: off the public site, restorable until the trash is emptied. */
  async trash(ctx: OperationContext, typeSlug: string, id: number): Promise<void> {
    const scope = await this.scope(ctx, typeSlug);
    await ctx.transaction(async () => {
      const entry = await this.find(scope, id);
      this.requireOn(ctx, `${scope.area}.delete`, entry);
      await this.writer.trash(ctx, scope, entry);
    });
  }

  async restore(ctx: OperationContext, typeSlug: string, id: number): Promise<EntryView> {
    const scope = await this.scope(ctx, typeSlug);
    await ctx.transaction(async () => {
      const entry = await this.find(scope, id, { trashed: true });
      this.requireOn(ctx, `${scope.area}.delete`, entry);
      await this.writer.restore(ctx, scope, entry);
    });
    return this.views.one(ctx, scope, await this.find(scope, id), []);
  }

  /** Deleted for good, revisions and all; children move up to the entry's parent. */
  async destroy(ctx: OperationContext, typeSlug: string, id: number): Promise<void> {
    const scope = await this.scope(ctx, typeSlug);
    await ctx.transaction(async () => {
      const entry = await this.find(scope, id, { trashed: true });
      this.requireOn(ctx, `${scope.area}.delete`, entry);
      await this.writer.destroy(ctx, scope, entry);
    });
  }

  /** The entry of the scope's type, 404 for another type's, another site's or a trashed one. */
  async find(scope: TypeScope, id: number, options: { trashed?: boolean } = {}): Promise<Entry> {
    const entry = await scope.repo.byId(id);
    if (!entry || entry.type_id !== scope.type.id || (entry.deleted_at !== null && !options.trashed))
      throw new NotFound(scope.type.singular_label, 'entry_not_found');
    return entry;
  }

  require(ctx: OperationContext, permission: string): void {
    if (!ctx.actor.access.allows(permission))
      throw new Forbidden(`This requires the ${permission} permission.`, 'permission_denied');
  }

  requireOn(ctx: OperationContext, permission: string, entry: Pick<Entry, 'author_id'>): void {
    if (!ctx.actor.access.allowsOn(permission, entry.author_id)) {
      const needed = ctx.actor.access.allows(permission) ? `${permission}_others` : permission;
      throw new Forbidden(`This requires the ${needed} permission.`, 'permission_denied');
    }
  }

  /** Revisions kept per entry (site setting, spec 8.3). */
  async revisionsToKeep(ctx: OperationContext): Promise<number> {
    return (await settingsOf(this.runtime, ctx.site, 'revisions')).revisions_to_keep;
  }
}
