import { Conflict, ValidationFailed } from '../../../core/errors.js';
import { declareMediaReferences } from '../../../core/events/media-references.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import type { EntryView } from '../entries/entry.js';
import { entryMediaReferences, usedMediaIds } from '../entries/media-references.js';
import { storedValueLinks } from '../entries/plugin-values.js';
import type { Entry } from '../entries/repo.js';
import type { EntriesService, TypeScope } from '../entries/service.js';
import { canonicalJson, stateOf } from '../entries/state.js';
import { emitEntryEvent } from '../events.js';
import { recordContent } from '../record.js';
import { RevisionsRepo } from '../revisions/repo.js';
import { entryFields } from '../types/content-type.js';

export interface TranslationView {
  id: number;
  locale: string;
  title: string;
  status: string;
  url_path: string;
}

/**
 * Entries in different languages are linked in a translation group (spec 1, Multi-language).
 * Creating a translation copies the entry (fields, blocks, terms) into the new locale as a draft;
 * fields marked shared (`localized: false`) stay equal across the group on every save.
 */
export class TranslationsService {
  constructor(
    private readonly runtime: Runtime,
    private readonly entries: EntriesService,
  ) {}

  async list(ctx: OperationContext, typeSlug: string, id: number): Promise<TranslationView[]> {
    const scope = await this.entries.scope(ctx, typeSlug);
    this.entries.require(ctx, `${scope.area}.view`);
    const entry = await this.entries.find(scope, id);
    return (await scope.repo.inGroup(entry.translation_group_id)).map((member) => ({
      id: member.id,
      locale: member.locale,
      title: member.title,
      status: member.status,
      url_path: member.path,
    }));
  }

  async create(
    ctx: OperationContext,
    typeSlug: string,
    id: number,
    input: { locale: string; title?: string },
  ): Promise<EntryView> {
    const scope = await this.entries.scope(ctx, typeSlug);
    this.entries.require(ctx, `${scope.area}.create`);
    const newId = await ctx.transaction(async () => {
      const source = await this.entries.find(scope, id);
      if (!ctx.site.locales.includes(input.locale))
        throw ValidationFailed.field(
          'locale',
          `The site publishes in ${ctx.site.locales.join(', ')}; not in ${input.locale}.`,
        );
      const group = await scope.repo.inGroup(source.translation_group_id);
      const existing = group.find((member) => member.locale === input.locale);
      if (existing)
        throw new Conflict(
          `Entry ${existing.id} is already the ${input.locale} translation.`,
          'translation_exists',
          {
            locale: [`Entry ${existing.id} translates it into ${input.locale}.`],
          },
        );
      const terms = (await scope.repo.termsOf([source.id], scope.type.taxonomies)).get(source.id) ?? {};
      const parentId = await this.parentIn(scope, source, input.locale);
      const created = await this.entries.writer.create(
        ctx,
        scope,
        {
          title: input.title ?? source.title,
          locale: input.locale,
          parent_id: parentId,
          excerpt: source.excerpt,
          featured_media_id: source.featured_media_id,
          fields: source.fields,
          blocks: source.blocks,
          terms,
          position: source.position,
        },
        source.translation_group_id,
      );
      await recordContent(
        this.runtime,
        ctx,
        `${scope.type.slug}.translated`,
        { type: 'entry', id: created },
        { from: source.id, locale: input.locale },
      );
      return created;
    });
    return this.entries.get(ctx, typeSlug, newId);
  }

  /** Takes the entry out of its group; the others stay linked to each other. */
  async unlink(ctx: OperationContext, typeSlug: string, id: number): Promise<void> {
    const scope = await this.entries.scope(ctx, typeSlug);
    await ctx.transaction(async () => {
      const entry = await this.entries.find(scope, id);
      this.entries.requireOn(ctx, `${scope.area}.edit`, entry);
      const group = await scope.repo.inGroup(entry.translation_group_id);
      if (group.length <= 1) return;
      const alone = await scope.repo.newTranslationGroup(new Date().toISOString());
      await scope.repo.update(entry.id, { translation_group_id: alone });
      await recordContent(this.runtime, ctx, `${scope.type.slug}.translation_unlinked`, {
        type: 'entry',
        id: entry.id,
      });
    });
  }

  /** The translation of the source's parent in `locale`, so the translated tree mirrors the original. */
  private async parentIn(scope: TypeScope, source: Entry, locale: string): Promise<number | null> {
    if (source.parent_id === null) return null;
    const parent = await scope.repo.byId(source.parent_id);
    if (!parent) return null;
    const match = (await scope.repo.inGroup(parent.translation_group_id)).find(
      (member) => member.locale === locale,
    );
    return match?.id ?? null;
  }
}

/** Copies the shared (not localized) field values of `entry` to the rest of its translation group. */
export async function shareFields(
  ctx: OperationContext,
  scope: TypeScope,
  entry: Pick<Entry, 'id' | 'translation_group_id'>,
  fields: Record<string, unknown>,
): Promise<void> {
  const shared = entryFields(scope.type)
    .filter((field) => field.localized === false)
    .map((field) => field.key);
  if (shared.length === 0) return;
  for (const member of await scope.repo.inGroup(entry.translation_group_id)) {
    if (member.id === entry.id) continue;
    const next = { ...member.fields };
    let changed = false;
    for (const key of shared) {
      if (canonicalJson(next[key]) === canonicalJson(fields[key])) continue;
      if (fields[key] === undefined) delete next[key];
      else next[key] = fields[key];
      changed = true;
    }
    if (!changed) continue;
    // A content change like any save: the next version (a published member then shows unpublished
    // changes, and an editor holding the old version gets 409 instead of writing the old value back),
    // and relation rows that follow the values, so a deleted target is taken out of every member.
    const at = new Date().toISOString();
    const saved = await scope.repo.updateAtVersion(member.id, member.version, {
      fields: JSON.stringify(next),
      updated_at: at,
    });
    if (!saved)
      throw new Conflict(
        `Translation ${member.id} changed while its shared fields were saved. Try again.`,
        'stale_version',
      );
    const values = storedValueLinks(scope.type, next);
    if (values.ok)
      await scope.repo.replaceRelations(
        member.id,
        values.relations.flatMap((relation) =>
          relation.ids.map((toId) => ({ field: relation.path.replace(/^fields\./, ''), toId })),
        ),
      );
    await declareMediaReferences(ctx, {
      ownerType: 'entry',
      ownerId: member.id,
      references: entryMediaReferences(member, values.ok ? values.media : []),
      previous: usedMediaIds(entryFields(scope.type), member),
    });
    // Its own revision, by whoever saved the translation, so its history shows where the value came from.
    const terms = (await scope.repo.termsOf([member.id], scope.type.taxonomies)).get(member.id) ?? {};
    await new RevisionsRepo(ctx.db).insert(
      member.id,
      member.version + 1,
      ctx.actor.userId,
      stateOf({ ...member, fields: next }, terms),
      `Shared fields from translation ${entry.id}`,
      at,
    );
    await emitEntryEvent(ctx, scope.type.slug, 'updated', await scope.repo.byId(member.id));
  }
}
