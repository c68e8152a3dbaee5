import { Value } from '@sinclair/typebox/value';
import type { BlockDefinition } from '@tessera/blocks';
import { type Block, mapBlockMedia } from '@tessera/blocks';
import {
  addFieldError,
  Conflict,
  type FieldErrors,
  fieldErrors,
  ValidationFailed,
} from '../../../core/errors.js';
import { declareMediaReferences } from '../../../core/events/media-references.js';
import { emitSiteEvent } from '../../../core/events/site-events.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import { pluginsOf } from '../../../core/plugins/plugin-host.js';
import type { Runtime } from '../../../core/runtime.js';
import { siteWriterByEmail } from '../../identity/users/bylines.js';
import { entryMediaReferences } from '../entries/media-references.js';
import { storedValueLinks } from '../entries/plugin-values.js';
import { canonicalJson, sameState } from '../entries/state.js';
import { recordContent } from '../record.js';
import { TaxonomiesRepo } from '../taxonomies/repo.js';
import type { TaxonomiesService } from '../taxonomies/service.js';
import { type ContentType, entryFields } from '../types/content-type.js';
import type { ContentTypesService } from '../types/service.js';
import { PUBLISH_JOB } from '../workflow/service.js';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedEntryRow,
  type ExportFile,
  ExportFileSchema,
} from './format.js';
import { mapMediaIds, mapRelationIds } from './relation-ids.js';
import { TransferRepo } from './repo.js';
import { type PlannedType, savedEntry } from './saved-entry.js';

export interface ImportReport {
  content_types: number;
  taxonomies: number;
  terms: number;
  entries: number;
  revisions: number;
}

const MAX_REPORTED_ERRORS = 50;

/**
 * Reads an export back into a site with no entries yet. The whole file is checked before anything
 * is written (shape, version, locales, every reference, every field value against its type, every
 * block tree), then written in one transaction: a file that fails halfway leaves the site as it
 * was. What is written is what a save through the API would store (saved-entry.ts): HTML sanitized.
 */
export async function importContent(
  runtime: Runtime,
  ctx: OperationContext,
  services: { types: ContentTypesService; taxonomies: TaxonomiesService },
  input: unknown,
  onProgress?: (done: number, total: number) => void,
  /**
   * When the file came with its media (imported first by the media library), the new id of each
   * old media id: featured images, file and image fields and media blocks are mapped, and their
   * uses recorded. Without it, media ids are written as they are.
   */
  mediaIds?: (id: number) => number | undefined,
): Promise<ImportReport> {
  const file = checkShape(input);
  const repo = new TransferRepo(ctx.db);
  if ((await repo.countEntries()) > 0)
    throw new Conflict(
      'This site has content already: import into a site without entries.',
      'site_not_empty',
    );
  const types = await plannedTypes(ctx, services.types, file);
  const entries = checkedEntries(ctx, file, types, pluginsOf(runtime).blockRegistry(ctx.site.id));

  const media = mediaMapping(mediaIds);
  const report = await ctx.transaction(async () => {
    const report: ImportReport = { content_types: 0, taxonomies: 0, terms: 0, entries: 0, revisions: 0 };
    report.taxonomies = await importTaxonomies(ctx, services.taxonomies, file);
    report.content_types = await importTypes(ctx, services.types, file);
    const siteTypes = await services.types.ofSite(ctx.site);
    const termIds = await importTerms(ctx, file);
    report.terms = termIds.size;

    const userOf = await authorsOf(runtime, ctx, entries);
    const groups = new Map<number, number>();
    const entryIds = new Map<number, number>();
    const ordered = parentsFirst(entries);
    for (const entry of ordered) {
      const type = siteTypes.get(entry.type) as ContentType;
      let group = groups.get(entry.translation_group);
      if (group === undefined) {
        group = await repo.newTranslationGroup(entry.created_at);
        groups.set(entry.translation_group, group);
      }
      const id = await repo.insertEntryRow({
        type_id: type.id,
        title: entry.title,
        slug: entry.slug,
        path: entry.slug,
        status: entry.status,
        locale: entry.locale,
        parent_id: entry.parent === null ? null : (entryIds.get(entry.parent) ?? null),
        translation_group_id: group,
        author_id: userOf(entry.author),
        excerpt: entry.excerpt,
        featured_media_id: media.featured(entry.featured_media_id),
        fields: '{}',
        blocks: JSON.stringify(media.blocks(entry.blocks)),
        position: entry.position,
        version: entry.version,
        published_at: entry.published_at,
        publish_at: entry.publish_at,
        review_note: entry.review_note,
        created_at: entry.created_at,
        updated_at: entry.updated_at,
        deleted_at: entry.deleted_at,
      });
      entryIds.set(entry.ref, id);
    }

    // Second pass: every entry exists now, so relation refs, paths and live versions can be resolved.
    const newId = (ref: number) => entryIds.get(ref);
    // A state (live, revision) may name a term deleted since: it is left out, not written as null.
    const newTerms = (terms: Record<string, number[]>) =>
      Object.fromEntries(
        Object.entries(terms).map(([taxonomy, refs]) => [
          taxonomy,
          refs.flatMap((ref) => {
            const id = termIds.get(ref);
            return id === undefined ? [] : [id];
          }),
        ]),
      );
    const paths = new Map<number, string>();
    for (const entry of ordered) {
      const type = siteTypes.get(entry.type) as ContentType;
      const id = entryIds.get(entry.ref) as number;
      const fields = media.fields(entryFields(type), mapRelationIds(entryFields(type), entry.fields, newId));
      const parentPath = entry.parent === null ? '' : (paths.get(entry.parent) ?? '');
      const path = parentPath ? `${parentPath}/${entry.slug}` : entry.slug;
      paths.set(entry.ref, path);
      // A state keeps its own parent: the live version or a revision may predate a move.
      // A state names its own author by email (`author`); files without it get the entry's author.
      const state = ({ author, ...value }: Record<string, unknown>) => ({
        ...value,
        parent_id: typeof value.parent_id === 'number' ? (newId(value.parent_id) ?? null) : null,
        author_id: typeof author === 'string' || author === null ? userOf(author) : userOf(entry.author),
        fields: media.fields(
          entryFields(type),
          mapRelationIds(entryFields(type), (value.fields ?? {}) as Record<string, unknown>, newId),
        ),
        terms: newTerms((value.terms ?? {}) as Record<string, number[]>),
        featured_media_id: media.featured((value.featured_media_id ?? null) as number | null),
        blocks: media.blocks((value.blocks ?? []) as unknown[]),
      });
      let liveRevision: number | null = null;
      for (const revision of entry.revisions ?? []) {
        const revisionId = await repo.insertRevisionRow({
          entry_id: id,
          version: revision.version,
          author_id: userOf(revision.author),
          note: revision.note,
          state: JSON.stringify(state(revision.state as Record<string, unknown>)),
          created_at: revision.created_at,
        });
        if (revision.live) liveRevision = revisionId;
        report.revisions += 1;
      }
      await repo.setEntry(id, {
        fields: JSON.stringify(fields),
        path,
        live: entry.live === null ? null : JSON.stringify(state(entry.live)),
        live_path: entry.live === null ? null : path,
        live_revision_id: liveRevision,
        // Published at the working copy's version unless the file's live version differs from it.
        live_version:
          entry.live !== null && sameState(entry.live as never, workingState(entry) as never)
            ? entry.version
            : null,
      });
      // A scheduled entry gets its publication job, as scheduling it by hand would.
      if (entry.status === 'scheduled' && entry.publish_at !== null && entry.deleted_at === null) {
        // The job checks the schedule still holds by comparing with the stored text: pass it as is.
        const publishAt = entry.publish_at;
        await ctx.jobs.enqueue(
          PUBLISH_JOB,
          { entryId: id, publishAt },
          { runAt: new Date(publishAt).toISOString(), dedupeKey: `entry:${id}:${publishAt}` },
        );
      }
      await repo.insertEntryTerms(
        Object.values(entry.terms)
          .flat()
          .map((ref) => ({ entry_id: id, term_id: termIds.get(ref) as number })),
      );
      const validated = storedValueLinks(type, fields);
      if (validated.ok)
        await repo.insertRelations(
          validated.relations.flatMap((relation) =>
            relation.ids.map((toId, position) => ({
              from_id: id,
              field: relation.path.replace(/^fields\./, ''),
              to_id: toId,
              position,
            })),
          ),
        );
      await ctx.hooks.doAction(`${type.slug}.before_save`, {
        id,
        type: type.slug,
        title: entry.title,
        slug: entry.slug,
        parent_id: entry.parent === null ? null : (newId(entry.parent) ?? null),
        excerpt: entry.excerpt,
        featured_media_id: media.featured(entry.featured_media_id),
        author_id: userOf(entry.author),
        fields,
        blocks: media.blocks(entry.blocks),
        terms: newTerms(entry.terms),
        position: entry.position,
        locale: entry.locale,
        path,
      });
      if (mediaIds) {
        const values = storedValueLinks(type, fields);
        await declareMediaReferences(ctx, {
          ownerType: 'entry',
          ownerId: id,
          references: entryMediaReferences(
            {
              featured_media_id: media.featured(entry.featured_media_id),
              blocks: media.blocks(entry.blocks),
            },
            values.ok ? values.media : [],
          ),
        });
      }
      report.entries += 1;
      onProgress?.(report.entries, ordered.length);
    }
    await recordContent(runtime, ctx, 'content.imported', { type: 'content_type', id: 0 }, { ...report });
    // Entries arrive without their one-by-one events: listeners (search) take the import as a whole.
    await emitSiteEvent(ctx, 'content.imported', { ...report });
    return report;
  });
  await runtime.data.refreshStatistics(['entries', 'entry_terms', 'entry_relations', 'revisions', 'terms']);
  return report;
}

function checkShape(input: unknown): ExportFile {
  const errors = fieldErrors();
  const header = input as { format?: unknown; version?: unknown } | null;
  if (!header || typeof header !== 'object' || header.format !== EXPORT_FORMAT)
    throw ValidationFailed.field(
      'format',
      `This is not a Tessera content export (format "${EXPORT_FORMAT}").`,
      'not_an_export',
    );
  if (header.version !== EXPORT_VERSION)
    throw ValidationFailed.field(
      'version',
      `This export is version ${String(header.version)}; this Tessera reads version ${EXPORT_VERSION}.`,
      'incompatible_export',
    );
  for (const problem of Value.Errors(ExportFileSchema, input)) {
    if (Object.keys(errors).length >= MAX_REPORTED_ERRORS) break;
    addFieldError(errors, pathOf(problem.path), problem.message);
  }
  if (Object.keys(errors).length > 0)
    throw new ValidationFailed(errors, 'The export file is malformed.', 'malformed_export');
  return input as ExportFile;
}

/** `/entries/3/title` as `entries[3].title`. */
function pathOf(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

/** The types entries will be checked against: the site's, with the file's custom ones added. */
async function plannedTypes(ctx: OperationContext, types: ContentTypesService, file: ExportFile) {
  const planned = new Map<string, PlannedType>();
  for (const type of (await types.ofSite(ctx.site)).values()) planned.set(type.slug, type);
  for (const type of file.content_types) {
    const existing = planned.get(type.slug);
    if (existing && !type.builtin && canonicalJson(existing.fields) !== canonicalJson(type.fields))
      throw new Conflict(
        `The site has a ${type.slug} type with other fields than the file's.`,
        'incompatible_content_type',
      );
    planned.set(type.slug, { ...type, plugin_fields: existing?.plugin_fields ?? [] });
  }
  return planned;
}

/** The file's entries as a save would store them, once every reference in the file holds. */
function checkedEntries(
  ctx: OperationContext,
  file: ExportFile,
  types: Map<string, PlannedType>,
  blockTypes: ReadonlyMap<string, BlockDefinition>,
): ExportedEntryRow[] {
  const errors: FieldErrors = fieldErrors();
  const entryRefs = new Set(file.entries.map((entry) => entry.ref));
  const termRefs = new Map(file.terms.map((term) => [term.ref, term.taxonomy]));
  const taxonomies = new Set(['category', 'tag', ...file.taxonomies.map((taxonomy) => taxonomy.slug)]);
  file.terms.forEach((term, i) => {
    if (!taxonomies.has(term.taxonomy))
      addFieldError(errors, `terms[${i}].taxonomy`, `No taxonomy ${term.taxonomy} in the file.`);
    if (term.parent !== null && termRefs.get(term.parent) !== term.taxonomy)
      addFieldError(errors, `terms[${i}].parent`, `No ${term.taxonomy} term ${term.parent} in the file.`);
  });
  if (new Set(file.entries.map((entry) => entry.ref)).size !== file.entries.length)
    addFieldError(errors, 'entries', 'Two entries share a ref.');
  const saved = file.entries.map((entry, i) => {
    const at = `entries[${i}]`;
    const type = types.get(entry.type);
    if (!type) {
      addFieldError(errors, `${at}.type`, `No content type ${entry.type} in the file or the site.`);
      return entry;
    }
    if (!ctx.site.locales.includes(entry.locale))
      addFieldError(errors, `${at}.locale`, `The site does not publish in ${entry.locale}; enable it first.`);
    if (entry.parent !== null && !entryRefs.has(entry.parent))
      addFieldError(errors, `${at}.parent`, `No entry ${entry.parent} in the file.`);
    for (const [taxonomy, refs] of Object.entries(entry.terms))
      for (const ref of refs)
        if (termRefs.get(ref) !== taxonomy)
          addFieldError(errors, `${at}.terms.${taxonomy}`, `No ${taxonomy} term ${ref} in the file.`);
    const { entry: asSaved, relations } = savedEntry(entry, type, at, errors, blockTypes);
    for (const relation of relations)
      for (const ref of relation.ids)
        if (!entryRefs.has(ref))
          addFieldError(errors, `${at}.${relation.path}`, `No entry ${ref} in the file.`);
    return asSaved;
  });
  if (Object.keys(errors).length > 0)
    throw new ValidationFailed(
      errors,
      'The export file does not fit this site; nothing was imported.',
      'incompatible_export',
    );
  return saved;
}

/**
 * Who each author of the file (an email) becomes: the user of that email who may write on the
 * site (a member, or a Super Admin, who needs no membership), else the one importing (nobody when
 * the system imports, as the CLI does). So a Super Admin's entries keep their author.
 */
async function authorsOf(
  runtime: Runtime,
  ctx: OperationContext,
  entries: readonly ExportedEntryRow[],
): Promise<(email: string | null) => number | null> {
  const emails = new Set<string>();
  const named = (state: unknown) => {
    const author = (state as { author?: unknown } | null)?.author;
    if (typeof author === 'string') emails.add(author);
  };
  for (const entry of entries) {
    named(entry);
    named(entry.live);
    for (const revision of entry.revisions ?? []) {
      named(revision);
      named(revision.state);
    }
  }
  const users = new Map<string, number | null>();
  for (const email of emails) users.set(email, await siteWriterByEmail(runtime.data, ctx.site.id, email));
  return (email) => (email === null ? null : users.get(email)) ?? ctx.actor.userId;
}

async function importTaxonomies(
  ctx: OperationContext,
  taxonomies: TaxonomiesService,
  file: ExportFile,
): Promise<number> {
  const existing = new Set((await new TaxonomiesRepo(ctx.db).all()).map((taxonomy) => taxonomy.slug));
  let created = 0;
  for (const taxonomy of file.taxonomies) {
    if (existing.has(taxonomy.slug)) continue;
    await taxonomies.create(ctx, taxonomy);
    created += 1;
  }
  return created;
}

async function importTypes(
  ctx: OperationContext,
  types: ContentTypesService,
  file: ExportFile,
): Promise<number> {
  const existing = await types.ofSite(ctx.site);
  let changed = 0;
  for (const { builtin, ...type } of file.content_types) {
    const current = existing.get(type.slug);
    const definition = { ...type, fields: type.fields as never, display: type.display as never };
    if (!current) await types.create(ctx, definition);
    else if (builtin) {
      const { slug: _slug, ...changes } = definition;
      const { id: _id, builtin: _b, created_at: _c, updated_at: _u, slug: _s, ...own } = current;
      if (canonicalJson(own) === canonicalJson(changes)) continue;
      await types.update(ctx, type.slug, changes);
    } else continue;
    changed += 1;
  }
  return changed;
}

/** Terms by (taxonomy, slug): the site's own where they exist (Uncategorized), new ones otherwise. */
async function importTerms(ctx: OperationContext, file: ExportFile): Promise<Map<number, number>> {
  const repo = new TaxonomiesRepo(ctx.db);
  const taxonomyIds = new Map((await repo.all()).map((taxonomy) => [taxonomy.slug, taxonomy.id]));
  const ids = new Map<number, number>();
  const pending = [...file.terms];
  while (pending.length > 0) {
    const ready = pending.filter((term) => term.parent === null || ids.has(term.parent));
    if (ready.length === 0)
      throw ValidationFailed.field('terms', 'The terms of the file form a cycle.', 'incompatible_export');
    for (const term of ready) {
      pending.splice(pending.indexOf(term), 1);
      const taxonomyId = taxonomyIds.get(term.taxonomy) as number;
      const existing = (await repo.terms(taxonomyId, {})).find((own) => own.slug === term.slug);
      const id =
        existing?.id ??
        (await repo.insertTerm(
          taxonomyId,
          {
            name: term.name,
            slug: term.slug,
            description: term.description,
            parent_id: term.parent === null ? null : (ids.get(term.parent) ?? null),
            position: term.position,
          },
          new Date().toISOString(),
        ));
      ids.set(term.ref, id);
    }
  }
  return ids;
}

/** Entries ordered so every parent comes before its children; a cycle in the file is refused. */
function parentsFirst(entries: ExportedEntryRow[]): ExportedEntryRow[] {
  const placed = new Set<number>();
  const ordered: ExportedEntryRow[] = [];
  let pending = entries;
  while (pending.length > 0) {
    const ready = pending.filter((entry) => entry.parent === null || placed.has(entry.parent));
    if (ready.length === 0)
      throw ValidationFailed.field(
        'entries',
        'The entries of the file form a cycle of parents.',
        'incompatible_export',
      );
    for (const entry of ready) {
      placed.add(entry.ref);
      ordered.push(entry);
    }
    pending = pending.filter((entry) => !placed.has(entry.ref));
  }
  return ordered;
}

/** The working copy of an exported entry, in the file's refs, as a live state is written. */
function workingState(entry: ExportedEntryRow) {
  const live = entry.live ?? {};
  return {
    title: entry.title,
    slug: entry.slug,
    parent_id: entry.parent,
    excerpt: entry.excerpt,
    featured_media_id: entry.featured_media_id,
    // Compared by email when the live state names its author; left out of the comparison otherwise.
    ...('author' in live
      ? { author: entry.author }
      : { author_id: (live.author_id as number | null | undefined) ?? null }),
    fields: entry.fields,
    blocks: entry.blocks,
    terms: entry.terms,
    position: entry.position,
  };
}

/** How an import writes media ids: through the map when the file brought its media, else as they are. */
function mediaMapping(mediaIds: ((id: number) => number | undefined) | undefined) {
  return {
    featured: (id: number | null) => (id === null || !mediaIds ? id : (mediaIds(id) ?? null)),
    fields: (definitions: readonly unknown[], fields: Record<string, unknown>) =>
      mediaIds ? mapMediaIds(definitions, fields, mediaIds) : fields,
    blocks: (blocks: unknown[]) => (mediaIds ? mapBlockMedia(blocks as Block[], mediaIds) : blocks),
  };
}
