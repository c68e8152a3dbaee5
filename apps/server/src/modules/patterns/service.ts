import type { BlockDefinition } from '@tessera/blocks';
import { type Block, blockMedia, eachBlock, newBlockId } from '@tessera/blocks';
import { requirePermission } from '../../core/access/actor.js';
import { recordActivity } from '../../core/activity/record.js';
import { addFieldError, Conflict, fieldErrors, NotFound, ValidationFailed } from '../../core/errors.js';
import { declareMediaReferences } from '../../core/events/media-references.js';
import { emitSiteEvent } from '../../core/events/site-events.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import { pluginsOf } from '../../core/plugins/plugin-host.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { checkBlockTree } from '../content/builder/block-tree.js';
import { type PatternRow, PatternsRepo } from './repo.js';

const MANAGE = 'patterns.manage';

export interface PatternInput {
  name?: string;
  category?: string;
  synced?: boolean;
  blocks?: unknown;
  /** The version the change was made from: when the pattern moved past it, 409. */
  version?: number;
}

export interface PatternView {
  id: number;
  name: string;
  category: string;
  synced: boolean;
  blocks: Block[];
  version: number;
  created_at: string;
  updated_at: string;
}

/**
 * Reusable patterns (spec 1): named block subtrees with a category. A plain pattern is copied into
 * a page (`copy` gives its blocks fresh ids); a synced one is placed by reference (a `pattern`
 * block), so editing it changes every page that shows it, whose cached copies are dropped.
 */
export class PatternsService {
  constructor(private readonly runtime: Runtime) {}

  /** Everyone who builds pages reads patterns; changing them takes patterns.manage. */
  async list(ctx: OperationContext, category: string | undefined): Promise<PatternView[]> {
    return (await new PatternsRepo(ctx.db).list(category)).map(viewOf);
  }

  async get(ctx: OperationContext, id: number): Promise<PatternView> {
    return viewOf(await found(new PatternsRepo(ctx.db), id));
  }

  /** A plain insertion: the pattern's blocks with new ids, ready to go into a page's tree. */
  async copy(ctx: OperationContext, id: number): Promise<Block[]> {
    const pattern = await found(new PatternsRepo(ctx.db), id);
    return freshIds(pattern.blocks);
  }

  async create(ctx: OperationContext, input: PatternInput): Promise<PatternView> {
    requirePermission(ctx.actor, MANAGE);
    const checked = check(input, null, pluginsOf(this.runtime).blockRegistry(ctx.site.id));
    return ctx.transaction(async () => {
      const repo = new PatternsRepo(ctx.db);
      const at = new Date().toISOString();
      const id = await repo.insert({ ...checked, created_at: at, updated_at: at });
      await declareMediaReferences(ctx, {
        ownerType: 'pattern',
        ownerId: id,
        references: blockMedia(checked.blocks),
      });
      await this.changed(ctx, 'pattern.created', id, checked.name);
      return viewOf((await repo.byId(id)) as PatternRow);
    });
  }

  async update(ctx: OperationContext, id: number, input: PatternInput): Promise<PatternView> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new PatternsRepo(ctx.db);
    const current = await found(repo, id);
    const checked = check(input, current, pluginsOf(this.runtime).blockRegistry(ctx.site.id));
    return ctx.transaction(async () => {
      const written = await repo.update(id, input.version ?? null, {
        ...checked,
        updated_at: new Date().toISOString(),
      });
      if (!written) {
        const now = (await found(repo, id)).version;
        throw new Conflict(
          `This pattern changed since version ${input.version}: it is at version ${now}. Reload it and apply your change again.`,
          'stale_version',
          { version: [`The current version is ${now}.`] },
        );
      }
      // As an entry's save: the media library refuses another site's media (422) and records the uses.
      await declareMediaReferences(ctx, {
        ownerType: 'pattern',
        ownerId: id,
        references: blockMedia(checked.blocks),
        previous: blockMedia(current.blocks).map((use) => use.mediaId),
      });
      await this.changed(ctx, 'pattern.updated', id, checked.name);
      return viewOf((await repo.byId(id)) as PatternRow);
    });
  }

  /** 403 unless the actor may change the pattern, as a save of it checks; 404 when there is none. */
  async requireEditable(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    await found(new PatternsRepo(ctx.db), id);
  }

  async delete(ctx: OperationContext, id: number): Promise<void> {
    requirePermission(ctx.actor, MANAGE);
    const repo = new PatternsRepo(ctx.db);
    const current = await found(repo, id);
    await ctx.transaction(async () => {
      await repo.delete(id);
      await declareMediaReferences(ctx, { ownerType: 'pattern', ownerId: id, references: [] });
      await this.changed(ctx, 'pattern.deleted', id, current.name);
    });
  }

  /** The synced patterns a page shows, by id (the public site, without an actor). */
  async syncedFor(site: Site, ids: readonly number[]): Promise<Map<number, Block[]>> {
    const rows = await new PatternsRepo(this.runtime.data.site(site.id)).synced(ids);
    return new Map([...rows].map(([id, row]) => [id, row.blocks]));
  }

  private async changed(ctx: OperationContext, action: string, id: number, name: string) {
    await recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'pattern',
      subjectId: id,
      ip: ctx.actor.ip,
      details: { name },
    });
    await emitSiteEvent(ctx, action, { id, name });
  }
}

async function found(repo: PatternsRepo, id: number): Promise<PatternRow> {
  const pattern = await repo.byId(id);
  if (!pattern) throw new NotFound(`Pattern ${id}`, 'pattern_not_found');
  return pattern;
}

function check(
  input: PatternInput,
  current: PatternRow | null,
  blockTypes: ReadonlyMap<string, BlockDefinition>,
) {
  const errors = fieldErrors();
  const name = (input.name ?? current?.name ?? '').trim();
  if (name === '') addFieldError(errors, 'name', 'A pattern needs a name.');
  const category = (input.category ?? current?.category ?? 'general').trim();
  let blocks = current?.blocks ?? [];
  let treeOk = true;
  if (input.blocks !== undefined) {
    const tree = checkBlockTree(input.blocks, blockTypes);
    treeOk = tree.ok;
    if (!tree.ok)
      for (const [path, messages] of Object.entries(tree.errors))
        for (const m of messages) addFieldError(errors, path, m);
    else {
      blocks = tree.tree;
      // A pattern placing a synced pattern could place itself, through others: one level only.
      eachBlock(blocks, (block) => {
        if (block.type === 'pattern')
          addFieldError(errors, 'blocks', 'A pattern cannot hold a synced pattern.');
      });
    }
  }
  if (treeOk && blocks.length === 0) addFieldError(errors, 'blocks', 'A pattern holds at least one block.');
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  return { name, category, synced: input.synced ?? current?.synced ?? false, blocks };
}

function freshIds(tree: readonly Block[]): Block[] {
  return tree.map((block) => ({
    ...block,
    id: newBlockId(),
    props: structuredClone(block.props),
    ...(block.children ? { children: freshIds(block.children) } : {}),
  }));
}

function viewOf(row: PatternRow): PatternView {
  return {
    id: row.id,
    name: row.name,
    category: row.category,
    synced: row.synced,
    blocks: row.blocks,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
