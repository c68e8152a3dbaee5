import type { Data } from '../../../core/db/data.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import { authorNames } from '../../identity/users/bylines.js';
import { blockText, plainText } from '../published/text.js';
import type { ContentType } from '../types/content-type.js';
import { entryFields, permissionArea } from '../types/content-type.js';
import { entryUrl } from '../types/route-pattern.js';
import { allowedTransitions } from '../workflow/rules.js';
import type { EntryView } from './entry.js';
import { lockHolder } from './locks.js';
import type { Entry } from './repo.js';
import type { TypeScope } from './service.js';
import { unpublishedChanges } from './state.js';

const EXCERPT_WORDS = 55;

/**
 * The excerpt shown when none was written: the first words of the first text the entry holds (its
 * first richtext or textarea field, else its paragraph and heading blocks), as WordPress does.
 */
export function derivedExcerpt(
  type: Pick<ContentType, 'fields'>,
  entry: Pick<Entry, 'fields' | 'blocks'>,
): string {
  let text = '';
  for (const field of type.fields) {
    const value = entry.fields[field.key];
    if (
      (field.type === 'richtext' || field.type === 'textarea') &&
      typeof value === 'string' &&
      value !== ''
    ) {
      text = value;
      break;
    }
  }
  if (text === '') text = blockText(entry.blocks, 2_000);
  // Richtext is stored sanitized; the tags are dropped for a plain-text excerpt, never rendered.
  const words = plainText(text).split(' ').filter(Boolean);
  return words.length > EXCERPT_WORDS ? `${words.slice(0, EXCERPT_WORDS).join(' ')}…` : words.join(' ');
}

/** Entries as the API answers them: terms, URL, lock, pending changes and the caller's transitions. */
export class EntryViews {
  constructor(private readonly data: Data) {}

  async one(ctx: OperationContext, scope: TypeScope, entry: Entry, include: string[]): Promise<EntryView> {
    const [view] = await this.many(ctx, scope, [entry]);
    if (!view) throw new Error('an entry view went missing');
    if (include.length > 0) view.included = await this.included(ctx, scope, entry, include);
    return view;
  }

  async many(ctx: OperationContext, scope: TypeScope, entries: Entry[]): Promise<EntryView[]> {
    const terms = await scope.repo.termsOf(
      entries.map((entry) => entry.id),
      scope.type.taxonomies,
    );
    const authors = await authorNames(
      this.data,
      entries.flatMap((entry) => (entry.author_id === null ? [] : [entry.author_id])),
    );
    return entries.map((entry) =>
      this.viewOf(ctx, scope, entry, terms.get(entry.id) ?? {}, authors.get(entry.author_id ?? 0) ?? null),
    );
  }

  viewOf(
    ctx: OperationContext,
    scope: TypeScope,
    entry: Entry,
    terms: Record<string, number[]>,
    authorName: string | null,
  ): EntryView {
    const hasUnpublishedChanges = unpublishedChanges(entry);
    const date = new Date(entry.published_at ?? entry.publish_at ?? entry.created_at);

    return {
      id: entry.id,
      type: scope.type.slug,
      title: entry.title,
      slug: entry.slug,
      path: entry.path,
      url: entryUrl(
        ctx.site,
        scope.type,
        { id: entry.id, slug: entry.slug, path: entry.path, date },
        entry.locale,
      ),
      status: entry.status,
      locale: entry.locale,
      parent_id: entry.parent_id,
      translation_group_id: entry.translation_group_id,
      author_id: entry.author_id,
      author_name: authorName,
      excerpt: entry.excerpt || derivedExcerpt(scope.type, entry),
      featured_media_id: entry.featured_media_id,
      fields: entry.fields,
      blocks: entry.blocks,
      terms,
      position: entry.position,
      version: entry.version,
      has_unpublished_changes: hasUnpublishedChanges,
      published_at: entry.published_at,
      publish_at: entry.publish_at,
      review_note: entry.review_note,
      lock: lockHolder(entry),
      transitions: allowedTransitions({ ...entry, hasUnpublishedChanges }, ctx.actor.access, scope.area),
      created_at: entry.created_at,
      updated_at: entry.updated_at,
      deleted_at: entry.deleted_at,
    };
  }

  /** Related entries named by the relation fields in `include`, readable by the caller. */
  private async included(ctx: OperationContext, scope: TypeScope, entry: Entry, include: string[]) {
    const relationFields = new Map(
      entryFields(scope.type)
        .filter((field) => field.type === 'relation')
        .map((field) => [field.key, field]),
    );
    const result: Record<string, unknown[]> = {};
    for (const key of include) {
      const field = relationFields.get(key);
      if (field?.type !== 'relation') continue;
      const target = scope.siteTypes.get(field.target_type ?? '');
      if (!target) continue;
      const raw = entry.fields[key];
      const ids = (Array.isArray(raw) ? raw : raw === null || raw === undefined ? [] : [raw]).filter(
        (id): id is number => typeof id === 'number',
      );
      const targetScope: TypeScope = { ...scope, type: target, area: permissionArea(target) };
      if (!ctx.actor.access.allows(`${targetScope.area}.view`)) continue;
      const found = await scope.repo.existingOf(ids, [target.id]);
      const byId = new Map(found.map((related) => [related.id, related]));
      const ordered = ids.flatMap((id) => {
        const related = byId.get(id);
        return related ? [related] : [];
      });
      result[key] = await this.many(ctx, targetScope, ordered);
    }
    return result;
  }

  /**
   * Who points at an entry: each source entry's id, type, title and the field; only sources of types
   * the caller may view, since the title and status of a draft are what its own route guards.
   */
  async references(ctx: OperationContext, scope: TypeScope, id: number) {
    const references = await scope.repo.referencesTo(id);
    const sources = new Map((await scope.repo.byIds(references.map((r) => r.from_id))).map((e) => [e.id, e]));
    const viewable = new Map(
      [...scope.siteTypes.values()]
        .filter((type) => ctx.actor.access.allows(`${permissionArea(type)}.view`))
        .map((type) => [type.id, type.slug]),
    );
    return references.flatMap((reference) => {
      const source = sources.get(reference.from_id);
      const type = source && viewable.get(source.type_id);
      if (!source || !type) return [];
      return [
        {
          id: source.id,
          type,
          title: source.title,
          field: reference.field,
          status: source.status,
        },
      ];
    });
  }
}
