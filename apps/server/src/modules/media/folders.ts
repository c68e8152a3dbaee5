import { recordActivity } from '../../core/activity/record.js';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../core/errors.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import { requirePermission } from '../identity/actor.js';
import { requireOnOwned } from './ownership.js';
import { type FolderRow, MediaRepo } from './repo.js';

export interface FolderNode {
  id: number;
  name: string;
  parent_id: number | null;
  /** Media directly in this folder. */
  media_count: number;
  children: FolderNode[];
  created_at: string;
  updated_at: string;
}

export interface FolderInput {
  name: string;
  parent_id?: number | null;
}

/** Folders nest this deep at most: deeper trees are lost in, not organized. */
export const MAX_FOLDER_DEPTH = 12;

/**
 * Virtual folders of the media library: a tree per site. Moving an item between folders changes
 * only its record; the stored files keep their keys, so URLs never break.
 */
export class FoldersService {
  constructor(private readonly runtime: Runtime) {}

  async tree(ctx: OperationContext): Promise<FolderNode[]> {
    requirePermission(ctx.actor, 'media.view');
    const repo = new MediaRepo(ctx.db);
    const rows = await repo.folders();
    const counts = await repo.countByFolder();
    const nodes = new Map<number, FolderNode>(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          parent_id: row.parent_id,
          media_count: counts.get(row.id) ?? 0,
          children: [],
          created_at: row.created_at,
          updated_at: row.updated_at,
        },
      ]),
    );
    const roots: FolderNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id);
      (parent ? parent.children : roots).push(node);
    }
    return roots;
  }

  async create(ctx: OperationContext, input: FolderInput): Promise<FolderNode> {
    requirePermission(ctx.actor, 'media.upload');
    const name = checkName(input.name);
    const parentId = input.parent_id ?? null;
    const repo = new MediaRepo(ctx.db);
    const rows = await repo.folders();
    if (parentId !== null) {
      if (!rows.some((row) => row.id === parentId))
        throw ValidationFailed.field('parent_id', `Folder ${parentId} does not exist.`);
      if (depthOf(rows, parentId) >= MAX_FOLDER_DEPTH)
        throw ValidationFailed.field('parent_id', `Folders nest ${MAX_FOLDER_DEPTH} levels deep at most.`);
    }
    return ctx.transaction(async () => {
      await this.requireFreeName(repo, parentId, name);
      const at = new Date().toISOString();
      const id = await repo.insertFolder({
        parent_id: parentId,
        name,
        created_by: ctx.actor.userId,
        created_at: at,
        updated_at: at,
      });
      await this.record(ctx, 'media_folder.created', id, { name, parent_id: parentId });
      return this.node(ctx, id);
    });
  }

  /** Renames and moves a folder; a folder cannot move into itself or its own subfolders. */
  async update(ctx: OperationContext, id: number, input: Partial<FolderInput>): Promise<FolderNode> {
    requirePermission(ctx.actor, 'media.edit');
    const repo = new MediaRepo(ctx.db);
    const rows = await repo.folders();
    const folder = rows.find((row) => row.id === id);
    if (!folder) throw new NotFound(`Folder ${id}`, 'folder_not_found');
    requireOnOwned(ctx, 'media.edit', folder.created_by, 'folders');
    const name = input.name === undefined ? folder.name : checkName(input.name);
    const parentId = input.parent_id === undefined ? folder.parent_id : input.parent_id;
    if (parentId !== null && parentId !== folder.parent_id) {
      if (!rows.some((row) => row.id === parentId))
        throw ValidationFailed.field('parent_id', `Folder ${parentId} does not exist.`);
      if (subtreeOf(rows, id).includes(parentId))
        throw ValidationFailed.field(
          'parent_id',
          'A folder cannot move into itself or one of its subfolders.',
        );
      if (depthOf(rows, parentId) + heightOf(rows, id) > MAX_FOLDER_DEPTH)
        throw ValidationFailed.field('parent_id', `Folders nest ${MAX_FOLDER_DEPTH} levels deep at most.`);
    }
    return ctx.transaction(async () => {
      await this.requireFreeName(repo, parentId, name, id);
      await repo.updateFolder(id, { name, parent_id: parentId, updated_at: new Date().toISOString() });
      await this.record(ctx, 'media_folder.updated', id, {
        ...(name !== folder.name ? { name: [folder.name, name] } : {}),
        ...(parentId !== folder.parent_id ? { parent_id: [folder.parent_id, parentId] } : {}),
      });
      return this.node(ctx, id);
    });
  }

  /**
   * Deletes an empty folder. One holding media or subfolders gives 409, unless `moveToParent`:
   * then its media and subfolders go to its parent first (the library root for a top folder).
   */
  async delete(ctx: OperationContext, id: number, moveToParent: boolean): Promise<void> {
    requirePermission(ctx.actor, 'media.delete');
    const repo = new MediaRepo(ctx.db);
    const rows = await repo.folders();
    const folder = rows.find((row) => row.id === id);
    if (!folder) throw new NotFound(`Folder ${id}`, 'folder_not_found');
    requireOnOwned(ctx, 'media.delete', folder.created_by, 'folders');
    await ctx.transaction(async () => {
      const media = await repo.countInFolders([id]);
      // Moving the content up moves each item, which only those who may edit it may do.
      if (moveToParent && media > 0) {
        const uploaders = await repo.uploadersIn(id);
        if (uploaders.some((owner) => !ctx.actor.access.allowsOn('media.edit', owner)))
          throw new Forbidden(
            "This folder holds other users' media: moving them requires the media.edit_others permission.",
            'permission_denied',
          );
      }
      const subfolders = rows.filter((row) => row.parent_id === id);
      if ((media > 0 || subfolders.length > 0) && !moveToParent)
        throw new Conflict(
          `This folder holds ${media} media item(s) and ${subfolders.length} folder(s). Empty it first, or delete with move_to_parent=true to move them up.`,
          'folder_not_empty',
        );
      const at = new Date().toISOString();
      for (const child of subfolders)
        await this.requireFreeName(repo, folder.parent_id, child.name, child.id);
      await repo.moveFolderContents(id, folder.parent_id, at);
      await repo.reparentFolders(id, folder.parent_id, at);
      await repo.deleteFolder(id);
      await this.record(ctx, 'media_folder.deleted', id, { name: folder.name, moved_media: media });
    });
  }

  /** 422 on `field` unless the folder exists on the site. */
  async require(ctx: OperationContext, id: number, field: string): Promise<FolderRow> {
    const folder = await new MediaRepo(ctx.db).folder(id);
    if (!folder) throw ValidationFailed.field(field, `Folder ${id} does not exist.`);
    return folder;
  }

  /** The folder and every folder under it. */
  async subtreeIds(ctx: OperationContext, id: number): Promise<number[]> {
    return subtreeOf(await new MediaRepo(ctx.db).folders(), id);
  }

  private async node(ctx: OperationContext, id: number): Promise<FolderNode> {
    const repo = new MediaRepo(ctx.db);
    const row = await repo.folder(id);
    if (!row) throw new NotFound(`Folder ${id}`, 'folder_not_found');
    return {
      id: row.id,
      name: row.name,
      parent_id: row.parent_id,
      media_count: await repo.countInFolders([id]),
      children: [],
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  private async requireFreeName(repo: MediaRepo, parentId: number | null, name: string, exceptId?: number) {
    if (await repo.folderNamed(parentId, name, exceptId))
      throw new Conflict(`A folder named "${name}" is already there.`, 'folder_exists', {
        name: ['A folder of this name is already there.'],
      });
  }

  private record(ctx: OperationContext, action: string, id: number, details: Record<string, unknown>) {
    return recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'media_folder',
      subjectId: id,
      ip: ctx.actor.ip,
      details,
    });
  }
}

function checkName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean === '') throw ValidationFailed.field('name', 'A folder needs a name.');
  if ([...clean].length > 120) throw ValidationFailed.field('name', 'Must be at most 120 characters.');
  return clean;
}

function subtreeOf(rows: readonly FolderRow[], id: number): number[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i++) for (const row of rows) if (row.parent_id === ids[i]) ids.push(row.id);
  return ids;
}

/** Levels from the root to the folder, itself included. */
function depthOf(rows: readonly FolderRow[], id: number): number {
  let depth = 0;
  let current: FolderRow | undefined = rows.find((row) => row.id === id);
  while (current && depth <= rows.length) {
    depth++;
    const parentId = current.parent_id;
    current = parentId === null ? undefined : rows.find((row) => row.id === parentId);
  }
  return depth;
}

/** Levels from the folder down to its deepest subfolder, itself included. */
function heightOf(rows: readonly FolderRow[], id: number): number {
  const children = rows.filter((row) => row.parent_id === id);
  return 1 + Math.max(0, ...children.map((child) => heightOf(rows, child.id)));
}
