import { type Block, blockMedia } from '@tessera/blocks';
import { requirePermission } from '../../../core/access/actor.js';
import { recordActivity } from '../../../core/activity/record.js';
import { Conflict, NotFound, ValidationFailed } from '../../../core/errors.js';
import { declareMediaReferences } from '../../../core/events/media-references.js';
import { emitSiteEvent } from '../../../core/events/site-events.js';
import type { Page } from '../../../core/http/envelope.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import { pluginsOf } from '../../../core/plugins/plugin-host.js';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { checkBlockTree } from '../../content/builder/block-tree.js';
import { misplacedPatterns } from '../../patterns/placed.js';
import { settingsOf } from '../../settings/service.js';
import type { SectionArea } from '../tables.js';
import { type SectionRevision, type SectionRow, SectionsRepo } from './repo.js';

const MANAGE = 'widgets.manage';
export const SECTION_AREAS: readonly SectionArea[] = ['header', 'footer'];

/** A section as the API shows it; one never saved is an empty draft at version 0. */
export interface SectionView extends SectionRow {
  /** The draft differs from what pages show. */
  changed: boolean;
}

/**
 * The global header and footer (spec 1): per site, a block tree saved as a draft (validated like
 * a page's, each save a revision, a stale version refused), published to every page, restored
 * from a revision. Without a published one, pages show the theme's own header or footer.
 */
export class SectionsService {
  constructor(private readonly runtime: Runtime) {}

  async list(ctx: OperationContext): Promise<SectionView[]> {
    requirePermission(ctx.actor, MANAGE);
    const rows = await new SectionsRepo(ctx.db).all();
    return SECTION_AREAS.map((area) => viewOf(rows.find((row) => row.area === area) ?? empty(area)));
  }

  async get(ctx: OperationContext, area: SectionArea): Promise<SectionView> {
    requirePermission(ctx.actor, MANAGE);
    return viewOf((await new SectionsRepo(ctx.db).byArea(area)) ?? empty(area));
  }

  /** 403 unless the actor may change the header and footer, as a save of them checks. */
  requireEditable(ctx: OperationContext): void {
    requirePermission(ctx.actor, MANAGE);
  }

  /** Saves the draft; what pages show changes only on publish. */
  async save(
    ctx: OperationContext,
    area: SectionArea,
    version: number,
    blocks: unknown,
  ): Promise<SectionView> {
    requirePermission(ctx.actor, MANAGE);
    const tree = checkBlockTree(blocks, pluginsOf(this.runtime).blockRegistry(ctx.site.id));
    if (!tree.ok) throw new ValidationFailed(tree.errors);
    return this.write(ctx, area, version, 'draft', (at) => ({ draft: tree.tree, saved_at: at }), tree.tree);
  }

  /** Publishes the draft as saved: every page shows it from now on. */
  async publish(ctx: OperationContext, area: SectionArea, version: number): Promise<SectionView> {
    requirePermission(ctx.actor, MANAGE);
    const current = await new SectionsRepo(ctx.db).byArea(area);
    if (!current) throw new NotFound(`A saved ${area}`, 'section_not_found');
    return this.write(
      ctx,
      area,
      version,
      'published',
      (at) => ({ published: current.draft, published_at: at }),
      current.draft,
    );
  }

  /** Pages show the theme's own header or footer again; the draft stays. */
  async unpublish(ctx: OperationContext, area: SectionArea, version: number): Promise<SectionView> {
    requirePermission(ctx.actor, MANAGE);
    if (!(await new SectionsRepo(ctx.db).byArea(area))?.published)
      throw new NotFound(`A published ${area}`, 'section_not_found');
    return this.write(ctx, area, version, null, () => ({ published: null, published_at: null }), null);
  }

  async revisions(
    ctx: OperationContext,
    area: SectionArea,
    page: number,
    limit: number,
  ): Promise<Page<SectionRevision>> {
    requirePermission(ctx.actor, MANAGE);
    return new SectionsRepo(ctx.db).revisions(area, page, limit);
  }

  /** Makes a revision's tree the draft again, as a new revision; publishing stays a separate step. */
  async restore(ctx: OperationContext, area: SectionArea, revisionId: number): Promise<SectionView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new SectionsRepo(ctx.db);
    const revision = await repo.revision(area, revisionId);
    if (!revision) throw new NotFound(`Revision ${revisionId} of the ${area}`, 'revision_not_found');
    const current = (await repo.byArea(area)) ?? empty(area);
    return this.write(
      ctx,
      area,
      current.version,
      'restored',
      (at) => ({ draft: revision.blocks, saved_at: at }),
      revision.blocks,
    );
  }

  /** The published sections of a site, for the public site. */
  async publishedFor(site: Site): Promise<Array<{ area: SectionArea; blocks: Block[] }>> {
    const rows = await new SectionsRepo(this.runtime.data.site(site.id)).all();
    return rows.flatMap((row) => (row.published ? [{ area: row.area, blocks: row.published }] : []));
  }

  /**
   * One change of a section at `version`: the row (created by the first save), a revision of what
   * it now holds (none for an unpublish), the activity log and the site event.
   */
  private async write(
    ctx: OperationContext,
    area: SectionArea,
    version: number,
    kind: SectionRevision['kind'] | null,
    change: (at: string) => Partial<Omit<SectionRow, 'area' | 'version'>>,
    blocks: Block[] | null,
  ): Promise<SectionView> {
    return ctx.transaction(async () => {
      const repo = new SectionsRepo(ctx.db);
      const at = new Date().toISOString();
      const current = await repo.byArea(area);
      if (blocks) {
        const misplaced = await misplacedPatterns(ctx.db, blocks, [
          current?.draft ?? null,
          current?.published ?? null,
        ]);
        if (Object.keys(misplaced).length > 0) throw new ValidationFailed(misplaced);
      }
      const changes = { ...change(at), version: version + 1 };
      const written = current
        ? await repo.update(area, version, changes)
        : version === 0 && (await repo.insert({ ...empty(area), saved_at: at, ...changes }), true);
      if (!written) {
        const now = current?.version ?? 0;
        throw new Conflict(
          `The ${area} changed since version ${version}: it is at version ${now}. Reload it and apply your change again.`,
          'stale_version',
          { version: [`The current version is ${now}.`] },
        );
      }
      // As an entry's save: the media library refuses another site's media (422) and records the uses.
      await declareMediaReferences(ctx, {
        ownerType: 'section',
        ownerId: (await repo.idOf(area)) ?? 0,
        references: mediaOf((await repo.byArea(area)) ?? empty(area)),
        previous: current ? mediaOf(current).map((use) => use.mediaId) : [],
      });
      if (kind && blocks) {
        await repo.addRevision({ area, kind, blocks, user_id: ctx.actor.userId, created_at: at });
        const keep = (await settingsOf(this.runtime, ctx.site, 'revisions')).revisions_to_keep;
        await repo.prune(area, Math.max(1, keep));
      }
      const action = `section.${kind === null ? 'unpublished' : kind === 'published' ? 'published' : 'saved'}`;
      await recordActivity(this.runtime.data, ctx.site.id, {
        userId: ctx.actor.userId,
        action,
        subjectType: 'section',
        subjectId: null,
        ip: ctx.actor.ip,
        details: { area, version: version + 1 },
      });
      await emitSiteEvent(ctx, action, { area });
      return viewOf((await repo.byArea(area)) as SectionRow);
    });
  }
}

/** The media of a section's draft (`blocks`, as a save names them) and of its published tree. */
function mediaOf(row: SectionRow) {
  return [...blockMedia(row.draft), ...blockMedia(row.published ?? [], 'published')];
}

function empty(area: SectionArea): SectionRow {
  return { area, draft: [], published: null, version: 0, saved_at: '', published_at: null };
}

function viewOf(row: SectionRow): SectionView {
  return { ...row, changed: JSON.stringify(row.draft) !== JSON.stringify(row.published ?? []) };
}
