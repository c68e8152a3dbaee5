import { requirePermission } from '../../../core/access/actor.js';
import { TtlCache } from '../../../core/cache/ttl-cache.js';
import { addFieldError, Conflict, NotFound, ValidationFailed } from '../../../core/errors.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import { pluginsOf } from '../../../core/plugins/plugin-host.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { planFieldChange } from '../fields/index.js';
import { recordContent } from '../record.js';
import { TaxonomiesRepo } from '../taxonomies/repo.js';
import { builtinTaxonomies, builtinTypes, defaultCategoryIn } from './builtin.js';
import {
  type ContentType,
  type ContentTypeCreate,
  type ContentTypeInput,
  type ContentTypeUpdate,
  permissionArea,
} from './content-type.js';
import { fieldProblems, syncPluginTypes, typeDefinition } from './plugin-types.js';
import { ContentTypesRepo } from './repo.js';
import { checkRoutePattern } from './route-pattern.js';

const MANAGE = 'content_types.manage';

/** Areas a custom type may not take: permissions and API paths that already mean something else. */
const RESERVED_SLUGS = new Set([
  'page',
  'pages',
  'post',
  'posts',
  'content',
  'builder',
  'search',
  'me',
  'api',
]);

/** A site's content types by slug. */
export type SiteTypes = ReadonlyMap<string, ContentType>;

// Every content request needs its site's types: cached per site, cleared on every change here and
// by `tessera cache:clear`; the TTL bounds how long another instance serves a stale definition.
const TYPES_TTL_MS = 30_000;
const MISS_RELOAD_MS = 1_000;

/**
 * Content types are data, per site. The built-in ones (page, post) and taxonomies (category, tag)
 * are added the first time a site's types are read, so every site has them however it was made.
 */
export class ContentTypesService {
  private readonly cache = new TtlCache<number, SiteTypes>(TYPES_TTL_MS, 1000);
  /** Permission areas registered by custom types (of any site): another site may reuse the slug. */
  private readonly typeAreas = new Set<string>();
  /** When each site's types were last read again for a slug they lacked. */
  private readonly missReloads = new Map<number, number>();

  constructor(
    private readonly runtime: Runtime,
    /** Called for each type as it is loaded, so the content hooks of its slug get their phases. */
    private readonly onTypeLoaded: (slug: string) => void = () => {},
  ) {
    runtime.caches.register(
      'content_types',
      () => this.cache.clear(),
      (siteId) => this.cache.delete(siteId as number),
    );
  }

  /** The site's types, the built-in ones created on first use. No permission: routes and jobs use it. */
  async ofSite(site: Site): Promise<SiteTypes> {
    const cached = this.cache.get(site.id);
    if (cached) return cached;
    const db = this.runtime.data.site(site.id);
    const repo = new ContentTypesRepo(db);
    let types = await repo.all();
    if (!builtinTypes.every((builtin) => types.some((type) => type.slug === builtin.slug))) {
      await this.runtime.data.transaction(async () => {
        const at = new Date().toISOString();
        await repo.insertMissing(builtinTypes, at);
        const taxonomies = new TaxonomiesRepo(db);
        await taxonomies.insertMissing(builtinTaxonomies, at);
        // Made once, with the site: a category already there (renamed, perhaps) is left as it is.
        await taxonomies.ensureTerm('category', defaultCategoryIn(site.default_locale), at);
      });
      types = await repo.all();
    }
    // A plugin's types exist where it is active (added or brought up to date here) and are hidden
    // where it is not, their entries kept; its fields join every type they are added to.
    const plugins = pluginsOf(this.runtime);
    const declared = plugins.contentTypesOn(site.id);
    if (
      declared.length > 0 &&
      (await this.runtime.data.transaction(() => syncPluginTypes(repo, types, declared)))
    )
      types = await repo.all();
    types = types
      .filter((type) => type.owner === null || plugins.isActive(type.owner, site.id))
      .map((type) => ({ ...type, plugin_fields: plugins.fieldsAddedTo(site.id, type.slug) }));
    const bySlug = new Map(types.map((type) => [type.slug, type]));
    for (const type of bySlug.values()) this.registerPermissions(type);
    this.cache.set(site.id, bySlug);
    return bySlug;
  }

  /**
   * The site's types, read again from the database when `slug` is not among them: a type made on
   * another instance since this one cached the list is found at once, not when the cache expires
   * or word of it arrives. At most once a second per site, so unknown slugs cannot flood the database.
   */
  async ofSiteHaving(site: Site, slug: string): Promise<SiteTypes> {
    const types = await this.ofSite(site);
    if (types.has(slug)) return types;
    const now = Date.now();
    if (now - (this.missReloads.get(site.id) ?? 0) < MISS_RELOAD_MS) return types;
    this.missReloads.set(site.id, now);
    this.cache.delete(site.id);
    return this.ofSite(site);
  }

  /** One type by slug; 404 when the site has none of that name. */
  async typeOf(site: Site, slug: string): Promise<ContentType> {
    const type = (await this.ofSiteHaving(site, slug)).get(slug);
    if (!type) throw new NotFound(`Content type ${slug}`, 'content_type_not_found');
    return type;
  }

  async list(ctx: OperationContext): Promise<ContentType[]> {
    return [...(await this.ofSite(ctx.site)).values()];
  }

  async create(ctx: OperationContext, input: ContentTypeCreate): Promise<ContentType> {
    requirePermission(ctx.actor, MANAGE);
    const definition = typeDefinition(input);
    const existing = await this.ofSite(ctx.site);
    const errors = await this.check(ctx, definition);
    // A plugin's slug is taken only where the plugin is active: a site that never runs the shop may
    // have a `product` type of its own (activating the shop there is then refused, 409).
    const plugins = pluginsOf(this.runtime);
    const plugin = plugins.contentTypeOwners().get(definition.slug);
    if (plugin && plugins.isActive(plugin, ctx.site.id))
      addFieldError(
        errors,
        'slug',
        `"${definition.slug}" is the ${plugin} plugin's type; choose another slug.`,
      );
    else if (RESERVED_SLUGS.has(definition.slug) || this.takenArea(definition.slug))
      addFieldError(errors, 'slug', `"${definition.slug}" is reserved; choose another slug.`);
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    if (existing.has(definition.slug))
      throw new Conflict(`A content type named ${definition.slug} exists.`, 'content_type_exists', {
        slug: ['This slug is taken.'],
      });
    return ctx.transaction(async () => {
      const id = await new ContentTypesRepo(ctx.db).insert(definition, new Date().toISOString());
      await this.record(ctx, 'content_type.created', id, { slug: definition.slug });
      this.forget(ctx);
      return this.byId(ctx, id);
    });
  }

  async update(ctx: OperationContext, slug: string, input: ContentTypeUpdate): Promise<ContentType> {
    requirePermission(ctx.actor, MANAGE);
    const current = await this.typeOf(ctx.site, slug);
    requireOwnType(current);
    const { renames = {}, confirm_data_loss = false, ...changes } = input;
    const next: ContentTypeInput = { ...current, ...changes };
    const errors = await this.check(ctx, next);
    if (current.builtin) {
      for (const nature of ['hierarchical', 'uses_builder'] as const)
        if (next[nature] !== current[nature])
          addFieldError(errors, nature, `The built-in ${slug} type keeps its ${nature} setting.`);
    }
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return ctx.transaction(async () => {
      const repo = new ContentTypesRepo(ctx.db);
      const entries = await repo.fieldValues(current.id);
      const plan = planFieldChange(current.fields, next.fields, {
        renames,
        confirmDataLoss: confirm_data_loss,
        entries: entries.map((entry) => entry.fields),
      });
      if (!plan.ok) throw new Conflict(plan.message, 'field_data_loss', plan.errors);
      if (plan.migrate) {
        for (const entry of entries) await repo.writeFieldValues(entry.id, plan.migrate(entry.fields));
      }
      await repo.update(current.id, next, new Date().toISOString());
      await this.record(ctx, 'content_type.updated', current.id, { slug, changed: Object.keys(changes) });
      this.forget(ctx);
      return this.byId(ctx, current.id);
    });
  }

  async delete(ctx: OperationContext, slug: string, confirmDataLoss: boolean): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const type = await this.typeOf(ctx.site, slug);
    if (type.builtin)
      throw new Conflict(`The built-in ${slug} type cannot be deleted.`, 'builtin_content_type');
    requireOwnType(type);
    await ctx.transaction(async () => {
      const repo = new ContentTypesRepo(ctx.db);
      const count = await repo.countEntries(type.id);
      if (count > 0 && !confirmDataLoss)
        throw new Conflict(
          `The ${slug} type has ${count} entries; deleting it deletes them too. Send confirm_data_loss=true to go ahead.`,
          'content_type_in_use',
        );
      if (count > 0) await repo.deleteEntriesOf(type.id);
      await repo.delete(type.id);
      await this.record(ctx, 'content_type.deleted', type.id, { slug, entries: count });
      this.forget(ctx);
    });
  }

  /** Checks of a whole definition that the schema cannot express, keyed by field path. */
  private async check(ctx: OperationContext, type: ContentTypeInput) {
    const errors = fieldProblems(type.fields);
    const routeProblem = checkRoutePattern(type.route_pattern, type.hierarchical);
    if (routeProblem) addFieldError(errors, 'route_pattern', routeProblem);
    const known = new Set((await new TaxonomiesRepo(ctx.db).all()).map((taxonomy) => taxonomy.slug));
    type.taxonomies.forEach((taxonomy, i) => {
      if (!known.has(taxonomy)) addFieldError(errors, `taxonomies.${i}`, `There is no taxonomy ${taxonomy}.`);
    });
    return errors;
  }

  /** A custom slug that is already a permission area of something else (media, users, a plugin...). */
  private takenArea(slug: string): boolean {
    if (this.typeAreas.has(slug)) return false;
    return this.runtime.permissions.all().some((id) => id.startsWith(`${slug}.`));
  }

  /** `<area>.view`, `.create`, `.edit`, `.delete`, `.publish` (the last three with `_others`). */
  private registerPermissions(type: ContentType): void {
    this.onTypeLoaded(type.slug);
    const area = permissionArea(type);
    if (!type.builtin) this.typeAreas.add(area);
    const catalogue = this.runtime.permissions;
    if (catalogue.has(`${area}.view`)) return;
    const label = type.plural_label.toLowerCase();
    // A plugin's type's permissions are listed with the plugin's own.
    const owner = type.owner ? { owner: type.owner } : {};
    catalogue.register(`${area}.view`, `See ${label} in the administration, drafts included`, owner);
    catalogue.register(`${area}.create`, `Create ${label}`, owner);
    for (const [action, own, others] of [
      ['edit', `Edit own ${label}`, `Edit other users' ${label}`],
      ['delete', `Delete own ${label}`, `Delete other users' ${label}`],
      ['publish', `Publish and schedule own ${label}`, `Publish and schedule other users' ${label}`],
    ] as const)
      catalogue.register(`${area}.${action}`, own, { ...owner, ownable: { othersDescription: others } });
    // Admins hold every site permission, computed when their access is resolved: resolve again.
    void this.runtime.caches.clear('access');
  }

  private async byId(ctx: OperationContext, id: number): Promise<ContentType> {
    const row = (await new ContentTypesRepo(ctx.db).all()).find((type) => type.id === id);
    if (!row) throw new NotFound('Content type');
    const type = { ...row, plugin_fields: pluginsOf(this.runtime).fieldsAddedTo(ctx.site.id, row.slug) };
    this.registerPermissions(type);
    return type;
  }

  private forget(ctx: OperationContext): void {
    this.cache.delete(ctx.site.id);
    // Again once committed, here and in the other worker processes: a read in between may have cached the old types.
    ctx.afterCommit(() => this.runtime.caches.forget('content_types', ctx.site.id));
  }

  private record(ctx: OperationContext, action: string, id: number, details: Record<string, unknown>) {
    return recordContent(this.runtime, ctx, action, { type: 'content_type', id }, details);
  }
}

/** A plugin's type is the plugin's to change, by its next version. */
function requireOwnType(type: ContentType): void {
  if (type.owner)
    throw new Conflict(
      `The ${type.slug} type belongs to the ${type.owner} plugin, which alone changes it.`,
      'content_type_owned',
    );
}
