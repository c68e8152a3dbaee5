import { join } from 'node:path';
import { recordActivity } from '../../core/activity/record.js';
import { formatBytes } from '../../core/byte-size.js';
import { writeJson } from '../../core/db/engine.js';
import {
  addFieldError,
  BadRequest,
  Conflict,
  fieldErrors,
  NotFound,
  PayloadTooLarge,
  ValidationFailed,
} from '../../core/errors.js';
import type { MediaOwner, MediaPlace } from '../../core/events/media-references.js';
import { emitSiteEvent } from '../../core/events/site-events.js';
import type { Page } from '../../core/http/envelope.js';
import type { OperationContext } from '../../core/operation/operation-context.js';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { requirePermission } from '../identity/actor.js';
import { settingsOf } from '../settings/service.js';
import { type FileKind, nameContradicts, sniffFile } from './files/file-kind.js';
import { cleanOriginalName, keyFolder, originalsFolder, storedBaseName } from './files/file-names.js';
import { ImageWorker } from './files/image-worker.js';
import { type ImageOptions, ImageRefused } from './files/images.js';
import { type FileToStore, isRaster, type PreparedMedia, prepareMedia, storeAll } from './files/prepare.js';
import { type ReceivedFile, receiveFile, type SizeLimit } from './files/receive.js';
import { WorkCancelled, WorkPool } from './files/work-pool.js';
import type { FoldersService } from './folders.js';
import { requireOnOwned } from './ownership.js';
import { type MediaFilter, MediaRepo, type MediaRow } from './repo.js';
import type { MediaSettingsValue } from './settings.js';
import type { MediaGroup } from './tables.js';
import type { UploadForm } from './upload-form.js';
import { allKeysOf, keysOf, type MediaCredit, type MediaView, mediaView, variantsOf } from './view.js';

export interface MediaListQuery {
  page: number;
  limit: number;
  search?: string;
  type?: MediaGroup;
  mime?: string;
  from?: string;
  to?: string;
  /** A folder id, or `none` for media outside every folder. */
  folder_id?: number | 'none';
  include_subfolders?: boolean;
  uploaded_by?: number;
  orphaned?: boolean;
}

export interface MediaUpdate {
  title?: string;
  alt_text?: string;
  caption?: string;
  credit?: MediaCredit | null;
  focal_point?: { x: number; y: number };
  folder_id?: number | null;
}

export interface MediaUse {
  owner: Omit<MediaOwner, 'paths' | 'places'>;
  path: string;
  place: MediaPlace | null;
}

export interface Optimized {
  media: MediaView;
  bytes_before: number;
  bytes_after: number;
  bytes_saved: number;
}

/** A new item as the upload form and the stock importer hand it over. */
export interface NewMedia extends UploadForm {
  credit?: MediaCredit | null;
  /** The name whose extension must agree with the bytes, when not the original's (an import). */
  checkedName?: string;
}

const UPLOAD_EFFORT = 2;
const OPTIMIZE_EFFORT = 6;

/**
 * The media library (spec 1 Media, 2.5, 4.2): uploads checked by their bytes, images turned into
 * WebP variants without metadata, details, folders, usage and deletion. Files go to the runtime's
 * storage; a failure at any step leaves neither a stored file nor a record.
 */
export class MediaService {
  /** Image encoding, bounded so a burst of uploads cannot take every core. */
  readonly pool = new WorkPool();
  /** The process the images are encoded in, ended with the runtime. */
  readonly images: ImageWorker;

  constructor(
    private readonly runtime: Runtime,
    private readonly folders: FoldersService,
  ) {
    this.images = new ImageWorker({ log: runtime.log });
    runtime.onClose(() => this.images.stop());
  }

  /** Where uploads are written while they arrive. */
  get uploadDir(): string {
    return join(this.runtime.config.dataDir, 'tmp', 'uploads');
  }

  /** The size limit for each kind of file, from the site's settings (413 past it). */
  async sizeLimit(ctx: OperationContext): Promise<SizeLimit> {
    const settings = await settingsOf(this.runtime, ctx.site, 'media');
    return (kind) => limitFor(settings, kind);
  }

  /** `signal` is the request's: aborted when its client is gone, and the work is dropped then. */
  async upload(ctx: OperationContext, form: UploadForm, signal?: AbortSignal): Promise<MediaView> {
    requirePermission(ctx.actor, 'media.upload');
    return this.add(ctx, form, signal);
  }

  /**
   * Adds a received file to the library: its type from its bytes against the site's list, its
   * name against its bytes, its size against its kind's limit; then the files are prepared and
   * stored and the record written. The temporary file is always gone afterwards. Once `signal` is
   * aborted, image work not yet started never starts, and nothing is stored.
   */
  async add(ctx: OperationContext, input: NewMedia, signal?: AbortSignal): Promise<MediaView> {
    const { file } = input;
    try {
      const settings = await settingsOf(this.runtime, ctx.site, 'media');
      const originalName = cleanOriginalName(input.originalName);
      const kind = await this.checkFile(settings, file, input.checkedName ?? originalName);
      if (input.folderId !== null) await this.folders.require(ctx, input.folderId, 'folder_id');
      const repo = new MediaRepo(ctx.db);
      const earlier = await repo.firstWithHash(file.hash);
      if (earlier && settings.deduplicate) return mediaView(this.runtime.storage, earlier);

      const at = new Date();
      const baseName = storedBaseName(originalName);
      const keyBase = keyFolder(ctx.site.id, at) + baseName;
      const prepared = await this.prepare(
        ctx,
        file.path,
        kind,
        keyBase,
        imageOptions(settings, { x: 0.5, y: 0.5 }),
        signal,
      );
      // The file as sent, for making the variants again later; only images have variants.
      const original: FileToStore | null =
        settings.keep_originals && isRaster(kind.mime)
          ? {
              key: `${originalsFolder(ctx.site.id, at)}${baseName}.${kind.ext}`,
              source: { path: file.path },
              contentType: kind.mime,
              size: file.size,
            }
          : null;
      const files = original ? [...prepared.files, original] : prepared.files;
      await storeAll(this.runtime.storage, files);
      try {
        return await ctx.transaction(async () => {
          const id = await repo.insert({
            folder_id: input.folderId,
            uploaded_by: ctx.actor.userId,
            original_name: originalName,
            file_name: prepared.mainKey.slice(prepared.mainKey.lastIndexOf('/') + 1),
            title: input.title || titleOf(originalName),
            alt_text: input.altText,
            caption: input.caption,
            credit: input.credit ? writeJson(input.credit) : null,
            mime_type: prepared.mime,
            type_group: kind.group,
            size: prepared.size,
            width: prepared.width,
            height: prepared.height,
            hash: file.hash,
            duplicate_of: earlier?.id ?? null,
            focal_x: 0.5,
            focal_y: 0.5,
            storage_key: prepared.mainKey,
            variants: writeJson(prepared.variants),
            original_key: original?.key ?? null,
            created_at: at.toISOString(),
            updated_at: at.toISOString(),
          });
          const view = await this.view(ctx, id);
          await this.record(ctx, 'media.uploaded', id, {
            name: originalName,
            mime_type: kind.mime,
            size: file.size,
            ...(input.credit ? { provider: input.credit.provider } : {}),
          });
          await emitSiteEvent(ctx, 'media.created', eventData(view));
          return view;
        });
      } catch (error) {
        await this.runtime.storage.delete(files.map((f) => f.key)).catch(() => {});
        throw error;
      }
    } finally {
      await file.discard();
    }
  }

  async list(ctx: OperationContext, query: MediaListQuery): Promise<Page<MediaView>> {
    requirePermission(ctx.actor, 'media.view');
    const filter: MediaFilter = {
      ...(query.search ? { search: query.search } : {}),
      ...(query.type ? { group: query.type } : {}),
      ...(query.mime ? { mime: query.mime } : {}),
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
      ...(query.uploaded_by !== undefined ? { uploadedBy: query.uploaded_by } : {}),
      ...(query.orphaned !== undefined ? { orphaned: query.orphaned } : {}),
    };
    if (query.folder_id === 'none') filter.folderIds = null;
    else if (query.folder_id !== undefined) {
      await this.folders.require(ctx, query.folder_id, 'folder_id');
      filter.folderIds = query.include_subfolders
        ? await this.folders.subtreeIds(ctx, query.folder_id)
        : [query.folder_id];
    }
    const { rows, total } = await new MediaRepo(ctx.db).list(filter, query.page, query.limit);
    return { items: rows.map((row) => mediaView(this.runtime.storage, row)), total };
  }

  async get(ctx: OperationContext, id: number): Promise<MediaView> {
    requirePermission(ctx.actor, 'media.view');
    return this.view(ctx, id);
  }

  /** Edits the details; a new focal point redoes the variants, a folder moves the item. */
  async update(ctx: OperationContext, id: number, input: MediaUpdate): Promise<MediaView> {
    const row = await this.find(ctx, id);
    this.requireOn(ctx, 'media.edit', row);
    if (input.folder_id !== undefined && input.folder_id !== null)
      await this.folders.require(ctx, input.folder_id, 'folder_id');
    const focal = input.focal_point;
    const refocus =
      focal !== undefined && isRaster(row.mime_type) && (focal.x !== row.focal_x || focal.y !== row.focal_y);
    if (focal !== undefined && !isRaster(row.mime_type))
      throw ValidationFailed.field('focal_point', 'Only images have a focal point.');
    const redone = refocus
      ? await this.redoImage(ctx, row, { ...(await this.imageSettings(ctx, focal)) }, UPLOAD_EFFORT)
      : null;
    try {
      const view = await ctx.transaction(async () => {
        const at = new Date().toISOString();
        await new MediaRepo(ctx.db).update(id, {
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.alt_text !== undefined ? { alt_text: input.alt_text } : {}),
          ...(input.caption !== undefined ? { caption: input.caption } : {}),
          ...(input.credit !== undefined
            ? { credit: input.credit === null ? null : writeJson(input.credit) }
            : {}),
          ...(input.folder_id !== undefined ? { folder_id: input.folder_id } : {}),
          ...(focal !== undefined ? { focal_x: focal.x, focal_y: focal.y } : {}),
          ...(redone ? filesOf(redone) : {}),
          updated_at: at,
        });
        const changed = Object.keys(input).filter((key) => input[key as keyof MediaUpdate] !== undefined);
        await this.record(ctx, 'media.updated', id, { changed });
        const next = await this.view(ctx, id);
        await emitSiteEvent(ctx, 'media.updated', eventData(next));
        return next;
      });
      if (redone) await this.forgetFiles(keysOf(row));
      return view;
    } catch (error) {
      if (redone) await this.forgetFiles(redone.files.map((file) => file.key));
      throw error;
    }
  }

  /** Deletes the record and every stored file; 409 while the item is used, unless `force`. */
  async delete(ctx: OperationContext, id: number, force: boolean): Promise<void> {
    const row = await this.find(ctx, id);
    this.requireOn(ctx, 'media.delete', row);
    await ctx.transaction(async () => {
      const uses = await this.usage(ctx, id);
      if (uses.length > 0 && !force)
        throw new Conflict(
          `This media is used in ${uses.length} place${uses.length === 1 ? '' : 's'}. Remove it there, or delete with force=true.`,
          'media_in_use',
          { usage: uses.map(describeUse) },
        );
      await new MediaRepo(ctx.db).delete(id);
      await this.record(ctx, 'media.deleted', id, {
        name: row.original_name,
        ...(force ? { forced: uses.length } : {}),
      });
      await emitSiteEvent(ctx, 'media.deleted', { id, file_name: row.file_name, mime_type: row.mime_type });
    });
    await this.forgetFiles(allKeysOf(row));
  }

  /** Where the item is used: each owner record (labelled by its module) and the place in it. */
  async usage(ctx: OperationContext, id: number): Promise<MediaUse[]> {
    requirePermission(ctx.actor, 'media.view');
    await this.find(ctx, id);
    const rows = await new MediaRepo(ctx.db).usageOf(id);
    const owners = new Map<string, MediaOwner & { paths: string[] }>();
    for (const row of rows) {
      const key = `${row.owner_type}:${row.owner_id}`;
      const owner = owners.get(key) ?? { type: row.owner_type, id: row.owner_id, label: null, paths: [] };
      owner.paths.push(row.path);
      owners.set(key, owner);
    }
    const described = await ctx.hooks.applyFilters('media.owners', [...owners.values()]);
    const byKey = new Map(described.map((owner) => [`${owner.type}:${owner.id}`, owner]));
    return rows.map((row) => {
      const {
        paths: _paths,
        places,
        ...owner
      } = byKey.get(`${row.owner_type}:${row.owner_id}`) ?? {
        type: row.owner_type,
        id: row.owner_id,
        label: null,
      };
      return { owner, path: row.path, place: places?.[row.path] ?? null };
    });
  }

  /**
   * Re-encodes an image and its variants at the configured quality and largest size, with the
   * encoder's most thorough effort; kept only when smaller, and the saving reported.
   */
  async optimize(ctx: OperationContext, id: number): Promise<Optimized> {
    const row = await this.find(ctx, id);
    this.requireOn(ctx, 'media.edit', row);
    if (!isRaster(row.mime_type))
      throw new ValidationFailed(
        { id: ['Only raster images can be optimized.'] },
        'Only images can be optimized.',
        'not_an_image',
      );
    const before = totalBytes(row);
    const settings = await settingsOf(this.runtime, ctx.site, 'media');
    const options = {
      ...imageOptions(settings, { x: row.focal_x, y: row.focal_y }),
      maxDimension: settings.max_image_dimension,
    };
    const redone = await this.redoImage(ctx, row, options, OPTIMIZE_EFFORT);
    const after = redone.files.reduce((sum, file) => sum + file.size, 0);
    if (after >= before) {
      await this.forgetFiles(redone.files.map((file) => file.key));
      return { media: await this.view(ctx, id), bytes_before: before, bytes_after: before, bytes_saved: 0 };
    }
    const view = await ctx.transaction(async () => {
      await new MediaRepo(ctx.db).update(id, { ...filesOf(redone), updated_at: new Date().toISOString() });
      await this.record(ctx, 'media.optimized', id, { bytes_before: before, bytes_after: after });
      const next = await this.view(ctx, id);
      await emitSiteEvent(ctx, 'media.updated', eventData(next));
      return next;
    });
    await this.forgetFiles(keysOf(row));
    return { media: view, bytes_before: before, bytes_after: after, bytes_saved: before - after };
  }

  /** Media as the public site shows them (files are public anyway): no actor, by id. */
  async publicViews(site: Site, ids: readonly number[]): Promise<Map<number, MediaView>> {
    const rows = await new MediaRepo(this.runtime.data.site(site.id)).byIds([...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, mediaView(this.runtime.storage, row)]));
  }

  async find(ctx: OperationContext, id: number): Promise<MediaRow> {
    const row = await new MediaRepo(ctx.db).byId(id);
    if (!row) throw new NotFound(`Media ${id}`, 'media_not_found');
    return row;
  }

  private async view(ctx: OperationContext, id: number): Promise<MediaView> {
    return mediaView(this.runtime.storage, await this.find(ctx, id));
  }

  /** Own items need `permission`, other users' need `<permission>_others` (Authors edit their own uploads). */
  private requireOn(ctx: OperationContext, permission: string, row: MediaRow): void {
    requireOnOwned(ctx, permission, row.uploaded_by, 'media');
  }

  /** The type, name and size checks of spec 2.5 and 8.3, on the whole received file. */
  private async checkFile(settings: MediaSettingsValue, file: ReceivedFile, name: string): Promise<FileKind> {
    const kind = await sniffFile(file.path);
    const errors = fieldErrors();
    if (!kind)
      addFieldError(
        errors,
        'file',
        'The type of this file cannot be told from its contents; it is not one this site accepts.',
      );
    else if (!settings.allowed_types.includes(kind.mime))
      addFieldError(
        errors,
        'file',
        `The file is ${kind.mime} (told from its contents), which this site does not accept.`,
      );
    else if (nameContradicts(name, kind, await knownExtensions()))
      addFieldError(errors, 'file', `The file's name does not match its contents, which are ${kind.mime}.`);
    if (!kind || Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    const limit = limitFor(settings, kind);
    if (file.size > limit)
      throw new PayloadTooLarge(
        `The file is larger than the ${formatBytes(limit)} this site accepts for it.`,
        'file_too_large',
      );
    return kind;
  }

  /** Image work runs in the site's turn on the shared pool (one site's burst cannot hold it all). */
  private async prepare(
    ctx: OperationContext,
    path: string,
    kind: FileKind,
    keyBase: string,
    options: ImageOptions,
    signal?: AbortSignal,
  ): Promise<PreparedMedia> {
    try {
      const source = { group: String(ctx.site.id), ...(signal ? { signal } : {}) };
      const prepared = await prepareMedia(
        path,
        kind,
        keyBase,
        options,
        { pool: this.pool, worker: this.images },
        source,
      );
      // The work was done before its client left: nobody is waiting for what would be stored.
      if (signal?.aborted) throw new WorkCancelled();
      return prepared;
    } catch (error) {
      if (error instanceof ImageRefused) throw ValidationFailed.field('file', error.message, 'image_refused');
      if (error instanceof WorkCancelled)
        throw new BadRequest('The request was closed before its file was processed.', 'request_aborted');
      throw error;
    }
  }

  private async imageSettings(ctx: OperationContext, focal: { x: number; y: number }): Promise<ImageOptions> {
    return imageOptions(await settingsOf(this.runtime, ctx.site, 'media'), focal);
  }

  /**
   * New files for an image, under a new name (cached URLs stay right): from its kept original when
   * there is one (no second lossy pass, the full size back), else from its full variant.
   */
  private async redoImage(
    ctx: OperationContext,
    row: MediaRow,
    options: ImageOptions,
    effort: number,
  ): Promise<PreparedMedia> {
    const source =
      (row.original_key ? await this.runtime.storage.get(row.original_key) : null) ??
      (await this.runtime.storage.get(row.storage_key));
    if (!source) throw new Conflict('The stored file of this media is missing.', 'media_file_missing');
    const file = await receiveFile(source.body, this.uploadDir, () => Number.POSITIVE_INFINITY);
    try {
      const keyBase = keyFolder(ctx.site.id, new Date()) + storedBaseName(row.original_name);
      const prepared = await this.prepare(
        ctx,
        file.path,
        // Any raster type: the image work reads the format from the bytes.
        { mime: 'image/webp', ext: 'webp', group: 'image' },
        keyBase,
        {
          ...options,
          effort,
        },
      );
      await storeAll(this.runtime.storage, prepared.files);
      return prepared;
    } finally {
      await file.discard();
    }
  }

  private async forgetFiles(keys: string[]): Promise<void> {
    try {
      await this.runtime.storage.delete(keys);
    } catch (error) {
      this.runtime.log.warn({ err: error, keys }, 'stored media files could not be deleted');
    }
  }

  private record(ctx: OperationContext, action: string, id: number, details: Record<string, unknown>) {
    return recordActivity(this.runtime.data, ctx.site.id, {
      userId: ctx.actor.userId,
      action,
      subjectType: 'media',
      subjectId: id,
      ip: ctx.actor.ip,
      details,
    });
  }
}

function limitFor(settings: MediaSettingsValue, kind: FileKind | null): number {
  switch (kind?.group) {
    case 'image':
      return settings.max_image_bytes;
    case 'video':
      return settings.max_video_bytes;
    case 'audio':
      return settings.max_audio_bytes;
    case 'archive':
      return settings.max_archive_bytes;
    case 'document':
      return settings.max_document_bytes;
    default:
      // Not told yet (an office document's zip), or unknown: the largest any kind may be.
      return Math.max(
        settings.max_image_bytes,
        settings.max_video_bytes,
        settings.max_audio_bytes,
        settings.max_archive_bytes,
        settings.max_document_bytes,
      );
  }
}

function imageOptions(settings: MediaSettingsValue, focal: { x: number; y: number }): ImageOptions {
  return {
    quality: settings.webp_quality,
    maxPixels: settings.max_image_megapixels * 1_000_000,
    focal,
    maxDimension: 0,
    effort: UPLOAD_EFFORT,
  };
}

function filesOf(prepared: PreparedMedia) {
  return {
    storage_key: prepared.mainKey,
    file_name: prepared.mainKey.slice(prepared.mainKey.lastIndexOf('/') + 1),
    size: prepared.size,
    width: prepared.width,
    height: prepared.height,
    variants: writeJson(prepared.variants),
  };
}

function totalBytes(row: MediaRow): number {
  const variants = Object.values(variantsOf(row));
  return variants.reduce((sum, variant) => sum + variant.size, 0) || Number(row.size);
}

/** A title from the file's name, as WordPress does: "summer-beach_02.jpg" gives "summer beach 02". */
function titleOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).replace(/[-_]+/g, ' ').trim().slice(0, 255);
}

function describeUse(use: MediaUse): string {
  const owner =
    use.owner.label === null
      ? `${use.owner.type} ${use.owner.id}`
      : `${use.owner.kind ?? use.owner.type} ${use.owner.id} "${use.owner.label}"`;
  return `${owner}, at ${use.path}`;
}

function eventData(view: MediaView): Record<string, unknown> {
  return {
    id: view.id,
    url: view.url,
    file_name: view.file_name,
    mime_type: view.mime_type,
    type_group: view.type_group,
    size: view.size,
    width: view.width,
    height: view.height,
    alt_text: view.alt_text,
    folder_id: view.folder_id,
    uploaded_by: view.uploaded_by,
  };
}

let extensions: ReadonlySet<string> | null = null;

/** Every extension file-type knows, and svg: a name ending in one of them claims that type. */
async function knownExtensions(): Promise<ReadonlySet<string>> {
  if (!extensions) {
    const { supportedExtensions } = await import('file-type');
    extensions = new Set([...supportedExtensions, 'svg']);
  }
  return extensions;
}
