import { NotFound } from '../../../core/errors.js';
import type { Page } from '../../../core/http/envelope.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { EntryView } from '../entries/entry.js';
import type { EntriesService } from '../entries/service.js';
import { compareStates, type StateComparison } from './compare.js';
import { type Revision, RevisionsRepo } from './repo.js';

export interface RevisionView {
  id: number;
  entry_id: number;
  version: number;
  author_id: number | null;
  note: string;
  created_at: string;
  live: boolean;
  state?: Revision['state'];
}

/** The saved states of an entry: list, read, compare any two, restore one as a new save. */
export class RevisionsService {
  constructor(private readonly entries: EntriesService) {}

  async list(
    ctx: OperationContext,
    typeSlug: string,
    entryId: number,
    page: number,
    limit: number,
  ): Promise<Page<RevisionView>> {
    const scope = await this.entries.scope(ctx, typeSlug);
    this.entries.require(ctx, `${scope.area}.view`);
    const entry = await this.entries.find(scope, entryId, { trashed: true });
    const found = await new RevisionsRepo(ctx.db).list(entry.id, page, limit);
    return {
      items: found.items.map((revision) => viewOf(revision, entry.live_revision_id, false)),
      total: found.total,
    };
  }

  async get(
    ctx: OperationContext,
    typeSlug: string,
    entryId: number,
    revisionId: number,
  ): Promise<RevisionView> {
    const { revision, liveId } = await this.revision(ctx, typeSlug, entryId, revisionId);
    return viewOf(revision, liveId, true);
  }

  async compare(
    ctx: OperationContext,
    typeSlug: string,
    entryId: number,
    fromId: number,
    toId: number,
  ): Promise<StateComparison> {
    const from = await this.revision(ctx, typeSlug, entryId, fromId);
    const to = await this.revision(ctx, typeSlug, entryId, toId);
    return compareStates(from.revision.state, to.revision.state);
  }

  /** Writes the revision's state as a new save of the entry (itself a new revision). */
  async restore(
    ctx: OperationContext,
    typeSlug: string,
    entryId: number,
    revisionId: number,
  ): Promise<EntryView> {
    const scope = await this.entries.scope(ctx, typeSlug);
    await ctx.transaction(async () => {
      const entry = await this.entries.find(scope, entryId);
      const revision = await new RevisionsRepo(ctx.db).byId(entry.id, revisionId);
      if (!revision) throw new NotFound('Revision', 'revision_not_found');
      await this.entries.replaceState(
        ctx,
        scope,
        entry,
        revision.state,
        `Restored from revision ${revision.id} (version ${revision.version})`,
      );
    });
    return this.entries.get(ctx, typeSlug, entryId);
  }

  private async revision(ctx: OperationContext, typeSlug: string, entryId: number, revisionId: number) {
    const scope = await this.entries.scope(ctx, typeSlug);
    this.entries.require(ctx, `${scope.area}.view`);
    const entry = await this.entries.find(scope, entryId, { trashed: true });
    const revision = await new RevisionsRepo(ctx.db).byId(entry.id, revisionId);
    if (!revision) throw new NotFound('Revision', 'revision_not_found');
    return { revision, liveId: entry.live_revision_id };
  }
}

function viewOf(revision: Revision, liveId: number | null, withState: boolean): RevisionView {
  return {
    id: revision.id,
    entry_id: revision.entry_id,
    version: revision.version,
    author_id: revision.author_id,
    note: revision.note,
    created_at: revision.created_at,
    live: revision.id === liveId,
    ...(withState ? { state: revision.state } : {}),
  };
}
