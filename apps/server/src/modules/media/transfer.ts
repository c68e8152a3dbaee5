import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { readJson } from '../../core/db/engine.js';
import { ValidationFailed } from '../../core/errors.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import { receiveFile } from './files/receive.js';
import type { FoldersService } from './folders.js';
import { MediaRepo } from './repo.js';
import { CreditSchema } from './schemas.js';
import type { MediaService } from './service.js';
import type { MediaCredit } from './view.js';

const Ref = Type.Integer({ minimum: 1 });

/** The `media` section of a content export (docs/content-export.md): folders, items, their files. */
export const ExportedMediaSection = Type.Object({
  folders: Type.Array(
    Type.Object({
      ref: Ref,
      name: Type.String({ minLength: 1, maxLength: 120 }),
      parent: Type.Union([Ref, Type.Null()]),
    }),
  ),
  items: Type.Array(
    Type.Object({
      ref: Ref,
      /** The file's name in the media folder beside the export. */
      file: Type.String({ pattern: '^[0-9]+-[a-z0-9][a-z0-9._-]*$' }),
      original_name: Type.String({ maxLength: 255 }),
      title: Type.String({ maxLength: 255 }),
      alt_text: Type.String({ maxLength: 1000 }),
      caption: Type.String({ maxLength: 2000 }),
      credit: Type.Union([CreditSchema, Type.Null()]),
      focal_point: Type.Object({
        x: Type.Number({ minimum: 0, maximum: 1 }),
        y: Type.Number({ minimum: 0, maximum: 1 }),
      }),
      folder: Type.Union([Ref, Type.Null()]),
      hash: Type.String(),
      created_at: Type.String(),
    }),
  ),
});
export type ExportedMedia = Static<typeof ExportedMediaSection>;

const PAGE = 500;

/**
 * Writes the main file of every media item (an image as uploaded when its original was kept, else
 * its full WebP; the sanitized SVG; the document as sent) into `dir`, and answers the section describing them. Variants are not
 * exported: the importing site makes its own.
 */
export async function exportMedia(
  runtime: Runtime,
  ctx: OperationContext,
  dir: string,
): Promise<ExportedMedia> {
  const repo = new MediaRepo(ctx.db);
  const folders = (await repo.folders()).map((folder) => ({
    ref: folder.id,
    name: folder.name,
    parent: folder.parent_id,
  }));
  const items: ExportedMedia['items'] = [];
  for (let page = 1; ; page++) {
    const { rows } = await repo.list({}, page, PAGE);
    for (const row of rows) {
      // The kept original when there is one: the importing site makes its variants from the best file.
      const key = row.original_key ?? row.storage_key;
      const stored = await runtime.storage.get(key);
      if (!stored) {
        runtime.log.warn({ media: row.id, key }, 'media file missing: left out of the export');
        continue;
      }
      if (items.length === 0) await mkdir(dir, { recursive: true });
      const file = `${row.id}-${key.slice(key.lastIndexOf('/') + 1)}`;
      await pipeline(stored.body, createWriteStream(join(dir, file)));
      items.push({
        ref: row.id,
        file,
        original_name: row.original_name,
        title: row.title,
        alt_text: row.alt_text,
        caption: row.caption,
        credit: readJson<MediaCredit | null>(row.credit, null),
        focal_point: { x: row.focal_x, y: row.focal_y },
        folder: row.folder_id,
        hash: row.hash,
        created_at: row.created_at,
      });
    }
    if (rows.length < PAGE) break;
  }
  return { folders, items };
}

/** What an import of media made: old id to new id, and how to take it back if the content fails. */
export interface ImportedMedia {
  ids: Map<number, number>;
  undo(): Promise<void>;
}

/**
 * Adds every exported item to the site through the upload pipeline (types, sizes and pixels checked
 * again, variants made here), in its folder, with its details, credit and focal point.
 */
export async function importMedia(
  ctx: OperationContext,
  media: MediaService,
  folders: FoldersService,
  input: unknown,
  dir: string,
): Promise<ImportedMedia> {
  if (!Value.Check(ExportedMediaSection, input)) {
    const [first] = Value.Errors(ExportedMediaSection, input);
    throw ValidationFailed.field(
      `media${first?.path.replaceAll('/', '.') ?? ''}`,
      first?.message ?? 'Invalid.',
    );
  }
  const section = input as ExportedMedia;
  const folderIds = new Map<number, number>();
  const ids = new Map<number, number>();
  const undo = async () => {
    for (const id of ids.values()) await media.delete(ctx, id, true).catch(() => {});
    for (const id of [...folderIds.values()].reverse()) await folders.delete(ctx, id, true).catch(() => {});
  };
  try {
    // Parents first, whatever the file's order.
    const pending = [...section.folders];
    while (pending.length > 0) {
      const ready = pending.findIndex((folder) => folder.parent === null || folderIds.has(folder.parent));
      if (ready < 0)
        throw ValidationFailed.field('media.folders', 'A folder names a parent that is not in the file.');
      const [folder] = pending.splice(ready, 1);
      if (!folder) break;
      const parentId = folder.parent === null ? null : (folderIds.get(folder.parent) ?? null);
      // A folder of that name already there is used, not doubled.
      const same = await new MediaRepo(ctx.db).folderNamed(parentId, folder.name);
      folderIds.set(
        folder.ref,
        same ? same.id : (await folders.create(ctx, { name: folder.name, parent_id: parentId })).id,
      );
    }
    for (const item of section.items) {
      const file = await receiveFile(
        createReadStream(join(dir, item.file)),
        media.uploadDir,
        () => Number.POSITIVE_INFINITY,
      );
      const added = await media.add(ctx, {
        file,
        originalName: item.original_name,
        folderId: item.folder === null ? null : (folderIds.get(item.folder) ?? null),
        altText: item.alt_text,
        title: item.title,
        caption: item.caption,
        credit: item.credit,
        // The file is the stored form (a WebP for a photo sent as JPEG): its own name is checked.
        checkedName: item.file,
      });
      ids.set(item.ref, added.id);
      if (item.focal_point.x !== 0.5 || item.focal_point.y !== 0.5)
        await media.update(ctx, added.id, { focal_point: item.focal_point });
    }
  } catch (error) {
    await undo();
    throw error;
  }
  return { ids, undo };
}
