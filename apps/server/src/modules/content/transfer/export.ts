import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { authorEmails } from '../../identity/users/bylines.js';
import type { EntryState } from '../entries/entry.js';
import { TaxonomiesRepo } from '../taxonomies/repo.js';
import { entryFields } from '../types/content-type.js';
import type { ContentTypesService } from '../types/service.js';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportedEntryRow, type ExportFile } from './format.js';
import { mapRelationIds } from './relation-ids.js';
import { TransferRepo } from './repo.js';

export interface ExportOptions {
  revisions: boolean;
  /** Called as entries are written: done so far, out of total. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The site's content as one versioned document (format.ts): types, taxonomies, terms, entries with
 * their terms, relation values, live versions and, optionally, revisions. Ids become refs.
 */
export async function exportContent(
  runtime: Runtime,
  ctx: OperationContext,
  types: ContentTypesService,
  options: ExportOptions,
): Promise<ExportFile> {
  const siteTypes = await types.ofSite(ctx.site);
  const typeById = new Map([...siteTypes.values()].map((type) => [type.id, type]));
  const repo = new TransferRepo(ctx.db);
  const entries = await repo.allEntries();
  const termsByEntry = new Map<number, Record<string, number[]>>();
  const terms = await repo.allTerms();
  const taxonomyOfTerm = new Map(terms.map((term) => [term.id, term.taxonomy]));
  const typeOfEntry = new Map(entries.map((entry) => [entry.id, typeById.get(entry.type_id)]));
  for (const { entry_id, term_id } of await repo.allEntryTerms()) {
    const own = termsByEntry.get(entry_id) ?? {};
    const taxonomy = taxonomyOfTerm.get(term_id) ?? '';
    // Terms of a taxonomy detached from the type are no part of the entry (see EntriesRepo.termsOf).
    if (!typeOfEntry.get(entry_id)?.taxonomies.includes(taxonomy)) continue;
    own[taxonomy] = [...(own[taxonomy] ?? []), term_id];
    termsByEntry.set(entry_id, own);
  }
  const revisions = options.revisions ? await repo.allRevisions() : [];
  // Authors by email, whoever they are to the site now: a Super Admin writes without a membership.
  const emails = await authorEmails(
    runtime.data,
    [
      ...entries.flatMap((entry) => [entry.author_id, entry.live?.author_id]),
      ...revisions.flatMap((revision) => [revision.author_id, revision.state.author_id]),
    ].filter((id): id is number => typeof id === 'number'),
  );
  const entryIds = new Set(entries.map((entry) => entry.id));
  const keep = (id: number) => (entryIds.has(id) ? id : undefined);

  const exported: ExportedEntryRow[] = [];
  for (const entry of entries) {
    const type = typeById.get(entry.type_id);
    if (!type) continue;
    // A state names its author by email, as entries and revisions do: user ids are the installation's.
    const withRefs = (state: EntryState | null) => {
      if (state === null) return null;
      const { author_id, ...content } = state;
      return {
        ...content,
        author: author_id === null ? null : (emails.get(author_id) ?? null),
        fields: mapRelationIds(entryFields(type), state.fields, keep),
      };
    };
    exported.push({
      ref: entry.id,
      type: type.slug,
      title: entry.title,
      slug: entry.slug,
      status: entry.status,
      locale: entry.locale,
      parent: entry.parent_id,
      translation_group: entry.translation_group_id,
      author: entry.author_id === null ? null : (emails.get(entry.author_id) ?? null),
      excerpt: entry.excerpt,
      featured_media_id: entry.featured_media_id,
      fields: mapRelationIds(entryFields(type), entry.fields, keep),
      blocks: entry.blocks,
      terms: termsByEntry.get(entry.id) ?? {},
      position: entry.position,
      version: entry.version,
      live: withRefs(entry.live),
      published_at: entry.published_at,
      publish_at: entry.publish_at,
      review_note: entry.review_note,
      created_at: entry.created_at,
      updated_at: entry.updated_at,
      deleted_at: entry.deleted_at,
      ...(options.revisions
        ? {
            revisions: revisions
              .filter((revision) => revision.entry_id === entry.id)
              .map((revision) => ({
                version: revision.version,
                author: revision.author_id === null ? null : (emails.get(revision.author_id) ?? null),
                note: revision.note,
                state: withRefs(revision.state),
                created_at: revision.created_at,
                live: revision.id === entry.live_revision_id,
              })),
          }
        : {}),
    });
    options.onProgress?.(exported.length, entries.length);
  }

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: new Date().toISOString(),
    site: { name: ctx.site.name, default_locale: ctx.site.default_locale, locales: ctx.site.locales },
    content_types: [...siteTypes.values()].map(
      ({ id: _id, created_at: _c, updated_at: _u, slug, ...rest }) => ({ slug, ...rest }),
    ),
    taxonomies: (await new TaxonomiesRepo(ctx.db).all()).map(
      ({ slug, singular_label, plural_label, hierarchical, builtin }) => ({
        slug,
        singular_label,
        plural_label,
        hierarchical,
        builtin,
      }),
    ),
    terms: terms.map((term) => ({
      ref: term.id,
      taxonomy: term.taxonomy,
      name: term.name,
      slug: term.slug,
      description: term.description,
      parent: term.parent_id,
      position: term.position,
    })),
    entries: exported,
  };
}
