import type { Block } from '@tessera/blocks';
import {
  addFieldError,
  Conflict,
  type FieldErrors,
  Forbidden,
  fieldErrors,
  Locked,
  ValidationFailed,
} from '../../../core/errors.js';
import { declareMediaReferences } from '../../../core/events/media-references.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import { pluginsOf } from '../../../core/plugins/plugin-host.js';
import type { Runtime } from '../../../core/runtime.js';
import { misplacedPatterns } from '../../patterns/placed.js';
import { settingsOf } from '../../settings/service.js';
import { checkBlockTree } from '../builder/block-tree.js';
import { emitEntryEvent } from '../events.js';
import { validateFieldValues } from '../fields/index.js';
import type { EntryHookSubject } from '../hooks.js';
import { recordContent } from '../record.js';
import { RevisionsRepo } from '../revisions/repo.js';
import { shareFields } from '../translations/service.js';
import { DEFAULT_CATEGORY } from '../types/builtin.js';
import { entryFields } from '../types/content-type.js';
import { leadingSegment, SITE_OWN_SEGMENTS } from '../types/plugin-types.js';
import type { EntryCreate, EntryState, EntryUpdate } from './entry.js';
import { lockHolder } from './locks.js';
import { entryMediaReferences, usedMediaIds } from './media-references.js';
import { keepPluginValues, splitDormantValues, storedValueLinks } from './plugin-values.js';
import type { Entry, EntryChanges } from './repo.js';
import type { TypeScope } from './service.js';
import { firstFreeSlug, slugify } from './slugs.js';
import { stateOf } from './state.js';

type Draft = EntryState & { locale: string };

/**
 * Writes entries: each save validates the whole next state, runs the `<type>.before_save` hook in
 * the transaction (a callback may refuse), writes the row at the version the client saw, its terms
 * and relation rows, a revision and an activity entry, and moves the paths of its subtree.
 */
export class EntryWriter {
  constructor(private readonly runtime: Runtime) {}

  /** `translationOf` puts the new entry in that translation group instead of a group of its own. */
  async create(
    ctx: OperationContext,
    scope: TypeScope,
    input: EntryCreate,
    translationOf?: number,
  ): Promise<number> {
    const { type, area, repo } = scope;
    const locale = input.locale ?? ctx.site.default_locale;
    const errors = fieldErrors();
    if (!ctx.site.locales.includes(locale))
      addFieldError(
        errors,
        'locale',
        `The site publishes in ${ctx.site.locales.join(', ')}; not in ${locale}.`,
      );
    const authorId = input.author_id === undefined ? ctx.actor.userId : input.author_id;
    if (authorId !== ctx.actor.userId && !ctx.actor.access.allows(`${area}.edit_others`))
      throw new Forbidden(
        `Giving an entry to someone else requires the ${area}.edit_others permission.`,
        'permission_denied',
      );
    const draft: Draft = {
      title: input.title,
      slug: input.slug ?? '',
      parent_id: input.parent_id ?? null,
      excerpt: input.excerpt ?? '',
      featured_media_id: input.featured_media_id ?? null,
      author_id: authorId,
      fields: input.fields ?? {},
      blocks: input.blocks ?? [],
      terms: input.terms ?? {},
      position: input.position ?? 0,
      locale,
    };
    const checked = await this.check(ctx, scope, draft, null, errors, {
      slugGiven: input.slug !== undefined,
      isNew: true,
    });
    const at = new Date().toISOString();
    const groupId = translationOf ?? (await repo.newTranslationGroup(at));
    const id = await repo.insert({
      type_id: type.id,
      title: checked.title,
      slug: checked.slug,
      path: checked.path,
      status: 'draft',
      locale,
      parent_id: checked.parent_id,
      translation_group_id: groupId,
      author_id: checked.author_id,
      excerpt: checked.excerpt,
      featured_media_id: checked.featured_media_id,
      fields: JSON.stringify(checked.fields),
      blocks: JSON.stringify(checked.blocks),
      position: checked.position,
      version: 1,
      created_at: at,
      updated_at: at,
    });
    await this.writeLinks(ctx, scope, id, checked, null);
    await new RevisionsRepo(ctx.db).insert(id, 1, ctx.actor.userId, checked, 'Created', at);
    await recordContent(
      this.runtime,
      ctx,
      `${type.slug}.created`,
      { type: 'entry', id },
      { title: checked.title },
    );
    await afterSave(ctx, { id, type: type.slug, locale, ...checked });
    await emitEntryEvent(ctx, type.slug, 'created', await repo.byId(id));
    return id;
  }

  async update(
    ctx: OperationContext,
    scope: TypeScope,
    entry: Entry,
    input: EntryUpdate,
    note = '',
  ): Promise<void> {
    const { type, area, repo } = scope;
    const idle = (await settingsOf(this.runtime, ctx.site, 'editing')).lock_idle_seconds;
    const holder = lockHolder(entry, idle);
    if (holder && holder.user_id !== ctx.actor.userId)
      throw new Locked(
        `User ${holder.user_id} is editing this entry (since ${holder.since}); the lock expires at ${holder.expires_at}.`,
        'entry_locked',
      );
    if (input.version !== entry.version)
      throw new Conflict(
        `This entry changed since version ${input.version}: it is at version ${entry.version}. Reload it and apply your change again.`,
        'stale_version',
        { version: [`The current version is ${entry.version}.`] },
      );
    if (
      input.author_id !== undefined &&
      input.author_id !== entry.author_id &&
      input.author_id !== ctx.actor.userId &&
      !ctx.actor.access.allows(`${area}.edit_others`)
    )
      throw new Forbidden(
        `Giving an entry to someone else requires the ${area}.edit_others permission.`,
        'permission_denied',
      );
    const terms = (await repo.termsOf([entry.id], type.taxonomies)).get(entry.id) ?? {};
    const current = stateOf(entry, terms);
    const draft: Draft = {
      ...current,
      ...Object.fromEntries(
        Object.entries(input).filter(([key, value]) => key !== 'version' && value !== undefined),
      ),
      fields: input.fields ? keepPluginValues(current.fields, input.fields) : current.fields,
      terms: { ...current.terms, ...(input.terms ?? {}) },
      locale: entry.locale,
    };
    const checked = await this.check(ctx, scope, draft, entry, fieldErrors(), {
      slugGiven: input.slug !== undefined,
      isNew: false,
    });
    const at = new Date().toISOString();
    const changes: EntryChanges = {
      title: checked.title,
      slug: checked.slug,
      path: checked.path,
      parent_id: checked.parent_id,
      author_id: checked.author_id,
      excerpt: checked.excerpt,
      featured_media_id: checked.featured_media_id,
      fields: JSON.stringify(checked.fields),
      blocks: JSON.stringify(checked.blocks),
      position: checked.position,
      updated_at: at,
      ...(entry.live !== null ? { live_path: checked.path } : {}),
    };
    if (!(await repo.updateAtVersion(entry.id, entry.version, changes)))
      throw new Conflict(
        'This entry changed while you saved it. Reload it and apply your change again.',
        'stale_version',
      );
    await this.writeLinks(ctx, scope, entry.id, checked, current);
    await shareFields(ctx, scope, entry, checked.fields);
    if (checked.path !== entry.path) await this.movePaths(scope, entry, checked.path, at);
    const revisions = new RevisionsRepo(ctx.db);
    await revisions.insert(entry.id, entry.version + 1, ctx.actor.userId, checked, note, at);
    const keep = (await settingsOf(this.runtime, ctx.site, 'revisions')).revisions_to_keep;
    await revisions.prune(entry.id, keep, entry.live_revision_id);
    await recordContent(
      this.runtime,
      ctx,
      `${type.slug}.updated`,
      { type: 'entry', id: entry.id },
      { title: checked.title, version: entry.version + 1, ...(note ? { note } : {}) },
    );
    await afterSave(ctx, { id: entry.id, type: type.slug, locale: entry.locale, ...checked });
    await emitEntryEvent(ctx, type.slug, 'updated', await repo.byId(entry.id));
  }

  async trash(ctx: OperationContext, scope: TypeScope, entry: Entry): Promise<void> {
    await ctx.hooks.doAction(`${scope.type.slug}.before_delete`, {
      id: entry.id,
      type: scope.type.slug,
      ...stateOf(entry, {}),
    });
    const at = new Date().toISOString();
    // Off the site at once; restoring brings it back as a draft, to be published again on purpose.
    await scope.repo.update(entry.id, {
      deleted_at: at,
      status: 'draft',
      live: null,
      live_path: null,
      live_revision_id: null,
      live_version: null,
      publish_at: null,
      lock_user_id: null,
      lock_taken_at: null,
      lock_seen_at: null,
      updated_at: at,
    });
    await recordContent(
      this.runtime,
      ctx,
      `${scope.type.slug}.trashed`,
      { type: 'entry', id: entry.id },
      { title: entry.title },
    );
    if (entry.live !== null)
      await ctx.hooks.doAction(`${scope.type.slug}.unpublished`, {
        id: entry.id,
        type: scope.type.slug,
        ...stateOf(entry, {}),
      });
    const trashed = await scope.repo.byId(entry.id);
    if (entry.live !== null) await emitEntryEvent(ctx, scope.type.slug, 'unpublished', trashed);
    await emitEntryEvent(ctx, scope.type.slug, 'deleted', trashed);
  }

  async restore(ctx: OperationContext, scope: TypeScope, entry: Entry): Promise<void> {
    if (entry.deleted_at === null) throw new Conflict('This entry is not in the trash.', 'not_trashed');
    // Its slug may have been taken while it was away: it comes back with the next free one.
    const taken = await scope.repo.siblingSlugs(
      { typeId: scope.type.id, locale: entry.locale, parentId: entry.parent_id },
      entry.slug,
      entry.id,
    );
    const slug = firstFreeSlug(entry.slug, taken);
    const path = slug === entry.slug ? entry.path : replaceLastSegment(entry.path, slug);
    await scope.repo.update(entry.id, { deleted_at: null, slug, path, updated_at: new Date().toISOString() });
    await recordContent(
      this.runtime,
      ctx,
      `${scope.type.slug}.restored`,
      { type: 'entry', id: entry.id },
      { title: entry.title },
    );
  }

  async destroy(ctx: OperationContext, scope: TypeScope, entry: Entry): Promise<void> {
    if (entry.deleted_at === null)
      await ctx.hooks.doAction(`${scope.type.slug}.before_delete`, {
        id: entry.id,
        type: scope.type.slug,
        ...stateOf(entry, {}),
      });
    const at = new Date().toISOString();
    // Children move up to the entry's parent (as WordPress does), keeping their subtrees.
    for (const childId of await scope.repo.childIds(entry.id)) {
      const child = await scope.repo.byId(childId);
      if (!child) continue;
      const taken = await scope.repo.siblingSlugs(
        { typeId: child.type_id, locale: child.locale, parentId: entry.parent_id },
        child.slug,
        child.id,
      );
      const slug = firstFreeSlug(child.slug, taken);
      const parentPath = entry.parent_id === null ? '' : entry.path.split('/').slice(0, -1).join('/');
      const path = parentPath ? `${parentPath}/${slug}` : slug;
      await scope.repo.update(child.id, {
        parent_id: entry.parent_id,
        slug,
        path,
        ...(child.live_path !== null ? { live_path: path } : {}),
        updated_at: at,
      });
      if (path !== child.path) await this.movePaths(scope, child, path, at);
    }
    await this.forgetReferences(scope, entry.id);
    await scope.repo.delete(entry.id);
    await declareMediaReferences(ctx, { ownerType: 'entry', ownerId: entry.id, references: [] });
    await recordContent(
      this.runtime,
      ctx,
      `${scope.type.slug}.deleted`,
      { type: 'entry', id: entry.id },
      { title: entry.title },
    );
    // From the trash it was already deleted to the outside world (trash emitted it).
    if (entry.deleted_at === null) {
      if (entry.live !== null) await emitEntryEvent(ctx, scope.type.slug, 'unpublished', entry);
      await emitEntryEvent(ctx, scope.type.slug, 'deleted', entry);
    }
  }

  /** Validates the next state and fills what the server decides (slug, path, default category). */
  private async check(
    ctx: OperationContext,
    scope: TypeScope,
    draft: Draft,
    entry: Entry | null,
    errors: FieldErrors,
    options: { slugGiven: boolean; isNew: boolean },
  ): Promise<EntryState & { path: string }> {
    const { type, repo } = scope;
    draft.title = (
      await ctx.hooks.applyFilters(`${type.slug}.title`, draft.title.trim(), {
        ...draft,
        id: entry?.id ?? null,
        type: type.slug,
      })
    ).trim();
    if (draft.title === '') addFieldError(errors, 'title', 'A title is required.');
    draft.excerpt = await ctx.hooks.applyFilters(`${type.slug}.excerpt`, draft.excerpt, {
      ...draft,
      id: entry?.id ?? null,
      type: type.slug,
    });

    const { checked, dormant } = splitDormantValues(type, draft.fields, entry?.fields ?? {});
    const validated = validateFieldValues(entryFields(type), checked, { isNew: options.isNew });
    if (!validated.ok)
      for (const [path, messages] of Object.entries(validated.errors))
        for (const m of messages) addFieldError(errors, path, m);
    else {
      draft.fields = { ...validated.values, ...dormant };
      await this.checkRelations(scope, validated.relations, errors);
    }
    if (!type.uses_builder && draft.blocks.length > 0)
      addFieldError(errors, 'blocks', `${type.plural_label} are not laid out with blocks; send no blocks.`);
    else if (type.uses_builder) {
      const tree = checkBlockTree(draft.blocks, pluginsOf(this.runtime).blockRegistry(ctx.site.id));
      if (tree.ok) draft.blocks = tree.tree;
      else
        for (const [path, messages] of Object.entries(tree.errors))
          for (const m of messages) addFieldError(errors, path, m);
      // Synced patterns are the site's own, as widgets and the header refuse another site's.
      const before = entry
        ? [entry.blocks as Block[], (entry.live?.blocks as Block[] | undefined) ?? null]
        : [];
      for (const [path, messages] of Object.entries(
        await misplacedPatterns(ctx.db, draft.blocks as Block[], before),
      ))
        for (const m of messages) addFieldError(errors, path, m);
    }

    let parentPath = '';
    if (draft.parent_id !== null) {
      if (!type.hierarchical) addFieldError(errors, 'parent_id', `${type.plural_label} have no parents.`);
      else {
        const parent = await repo.byId(draft.parent_id);
        if (!parent || parent.type_id !== type.id || parent.deleted_at !== null)
          addFieldError(
            errors,
            'parent_id',
            `There is no ${type.singular_label.toLowerCase()} ${draft.parent_id} to place this under.`,
          );
        else if (parent.locale !== draft.locale)
          addFieldError(
            errors,
            'parent_id',
            `The parent is in ${parent.locale}; this entry is in ${draft.locale}.`,
          );
        else if (
          entry &&
          (parent.id === entry.id || (await repo.descendants(entry.id)).some((d) => d.id === parent.id))
        )
          addFieldError(
            errors,
            'parent_id',
            'An entry cannot be placed under itself or one of its descendants.',
          );
        else parentPath = parent.path;
      }
    }

    await this.checkTerms(scope, draft, errors);
    if (
      draft.author_id !== null &&
      draft.author_id !== entry?.author_id &&
      draft.author_id !== ctx.actor.userId
    ) {
      if (!(await repo.isSiteMember(draft.author_id)))
        addFieldError(errors, 'author_id', `User ${draft.author_id} is not a member of this site.`);
    }

    const sibling = { typeId: type.id, locale: draft.locale, parentId: draft.parent_id };
    // At the top of a type whose addresses start with the slug, the site's own addresses are taken.
    const siteOwn =
      !parentPath && !leadingSegment(type.route_pattern, null).literal
        ? [...SITE_OWN_SEGMENTS, ...ctx.site.locales]
        : [];
    if (options.slugGiven) {
      const taken = await repo.siblingSlugs(sibling, draft.slug, entry?.id ?? null);
      if (taken.includes(draft.slug))
        addFieldError(errors, 'slug', `The slug "${draft.slug}" is taken here; choose another.`);
      else if (siteOwn.includes(draft.slug) && draft.slug !== entry?.slug)
        addFieldError(
          errors,
          'slug',
          `/${draft.slug} is one of the site's own addresses; choose another slug.`,
        );
    } else if (!entry || draft.parent_id !== entry.parent_id) {
      const base = entry?.slug || slugify(draft.title) || type.slug;
      draft.slug = firstFreeSlug(base, [
        ...(await repo.siblingSlugs(sibling, base, entry?.id ?? null)),
        ...siteOwn,
      ]);
    }
    const path = parentPath ? `${parentPath}/${draft.slug}` : draft.slug;
    // A plugin's pages own the first segment of their addresses on the sites where it is active.
    const lead = leadingSegment(type.route_pattern, path).segment;
    const claimant =
      lead === null ? undefined : pluginsOf(this.runtime).claimedPrefixes(ctx.site.id).get(lead);
    if (claimant)
      addFieldError(
        errors,
        'slug',
        `/${lead} is where the ${claimant} plugin's pages are; choose another slug.`,
      );
    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

    const { locale: _locale, ...state } = draft;
    await ctx.hooks.doAction(`${type.slug}.before_save`, {
      ...state,
      id: entry?.id ?? null,
      type: type.slug,
      locale: draft.locale,
      path,
    });
    return { ...state, path };
  }

  private async checkTerms(scope: TypeScope, draft: Draft, errors: FieldErrors): Promise<void> {
    const attached = new Set(scope.type.taxonomies);
    for (const [taxonomy, ids] of Object.entries(draft.terms)) {
      if (!attached.has(taxonomy)) {
        addFieldError(
          errors,
          `terms.${taxonomy}`,
          `${scope.type.plural_label} have no ${taxonomy} taxonomy.`,
        );
        continue;
      }
      const found = new Set(await scope.repo.termIdsIn(taxonomy, ids));
      for (const id of ids)
        if (!found.has(id)) addFieldError(errors, `terms.${taxonomy}`, `There is no ${taxonomy} term ${id}.`);
    }
    // A post always has a category: the site's default when it was given none.
    if (attached.has('category') && (draft.terms.category ?? []).length === 0) {
      const fallback = await scope.repo.termIdBySlug('category', DEFAULT_CATEGORY.slug);
      if (fallback !== null) draft.terms = { ...draft.terms, category: [fallback] };
    }
  }

  private async checkRelations(
    scope: TypeScope,
    relations: { path: string; ids: number[]; targetType: string }[],
    errors: FieldErrors,
  ): Promise<void> {
    if (relations.length === 0) return;
    for (const relation of relations) {
      const target = scope.siteTypes.get(relation.targetType);
      const found = new Set(
        target ? (await scope.repo.existingOf(relation.ids, [target.id])).map((e) => e.id) : [],
      );
      for (const id of relation.ids)
        if (!found.has(id))
          addFieldError(errors, relation.path, `There is no ${relation.targetType} entry ${id}.`);
    }
  }

  /**
   * Terms, relation rows and media uses of the saved state. The media library checks the media
   * exist on the site and fit their places; a refusal (422) rolls the whole save back.
   */
  private async writeLinks(
    ctx: OperationContext,
    scope: TypeScope,
    id: number,
    state: EntryState,
    previous: EntryState | null,
  ): Promise<void> {
    await scope.repo.replaceTerms(id, state.terms);
    const values = storedValueLinks(scope.type, state.fields);
    if (values.ok)
      await scope.repo.replaceRelations(
        id,
        values.relations.flatMap((relation) =>
          relation.ids.map((toId) => ({ field: relation.path.replace(/^fields\./, ''), toId })),
        ),
      );
    await declareMediaReferences(ctx, {
      ownerType: 'entry',
      ownerId: id,
      references: entryMediaReferences(state, values.ok ? values.media : []),
      previous: previous ? usedMediaIds(entryFields(scope.type), previous) : [],
    });
  }

  /** The subtree follows a moved or renamed entry; public paths it leaves are kept for redirects. */
  private async movePaths(scope: TypeScope, entry: Entry, newPath: string, at: string): Promise<void> {
    if (entry.live_path !== null)
      await scope.repo.recordRedirect(entry.locale, entry.live_path, entry.id, at);
    const paths = new Map<number, string>([[entry.id, newPath]]);
    for (const descendant of await scope.repo.descendants(entry.id)) {
      const parentPath = descendant.parent_id === null ? '' : paths.get(descendant.parent_id);
      if (parentPath === undefined) continue;
      const path = parentPath ? `${parentPath}/${descendant.slug}` : descendant.slug;
      paths.set(descendant.id, path);
      const row = await scope.repo.byId(descendant.id);
      if (!row || row.path === path) continue;
      if (row.live_path !== null) await scope.repo.recordRedirect(row.locale, row.live_path, row.id, at);
      await scope.repo.update(row.id, { path, ...(row.live_path !== null ? { live_path: path } : {}) });
    }
  }

  /** Relation values naming a deleted entry lose it, so no entry points at nothing. */
  private async forgetReferences(scope: TypeScope, id: number): Promise<void> {
    const references = await scope.repo.referencesTo(id);
    const sources = await scope.repo.byIds([...new Set(references.map((r) => r.from_id))]);
    for (const source of sources) {
      let fields = source.fields;
      for (const reference of references.filter((r) => r.from_id === source.id))
        fields = withoutRelation(fields, reference.field, id);
      await scope.repo.update(source.id, { fields: JSON.stringify(fields) });
    }
  }
}

function replaceLastSegment(path: string, slug: string): string {
  const segments = path.split('/');
  segments[segments.length - 1] = slug;
  return segments.join('/');
}

/**
 * The field values with `id` taken out of the relation at `fieldPath` (`related`,
 * `sections[2].related`): removed from a list, null for a single reference.
 */
export function withoutRelation(
  fields: Record<string, unknown>,
  fieldPath: string,
  id: number,
): Record<string, unknown> {
  const steps = fieldPath.split(/\.|\[(\d+)\]/).filter((step) => step !== undefined && step !== '');
  const copy = structuredClone(fields);
  let holder: unknown = copy;
  for (const step of steps.slice(0, -1)) {
    if (holder === null || typeof holder !== 'object') return fields;
    holder = (holder as Record<string, unknown>)[step];
  }
  const last = steps.at(-1);
  if (last === undefined || holder === null || typeof holder !== 'object') return fields;
  const record = holder as Record<string, unknown>;
  const value = record[last];
  if (Array.isArray(value)) record[last] = value.filter((item) => item !== id);
  else if (value === id) record[last] = null;
  return copy;
}

/** A committed save's actions: the type's own (`post.after_save`), then the one of every type. */
async function afterSave(ctx: OperationContext, entry: EntryHookSubject & { id: number }): Promise<void> {
  await ctx.hooks.doAction(`${entry.type}.after_save`, entry);
  await ctx.hooks.doAction('entries.saved', entry);
}
