import { readFile, stat } from 'node:fs/promises';
import type { FileStorage } from '../../../core/storage/storage.js';
import type { StoredVariant } from '../view.js';
import type { FileKind } from './file-kind.js';
import type { ImageWorker } from './image-worker.js';
import { type ImageOptions, ImageRefused, VARIANT_NAMES } from './images.js';
import { sanitizeSvg } from './svg.js';
import type { WorkPool, WorkSource } from './work-pool.js';

/** Where image work runs: its turn on the pool, its pixels in the worker process. */
export interface ImageWork {
  pool: WorkPool;
  worker: ImageWorker;
}

/** One file to store. */
export interface FileToStore {
  key: string;
  source: { path: string } | { bytes: Uint8Array };
  contentType: string;
  size: number;
}

/** What an upload becomes: its files and the facts the record keeps. */
export interface PreparedMedia {
  files: FileToStore[];
  mainKey: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  variants: Record<string, StoredVariant>;
}

/** Raster images the pipeline turns into WebP; SVG is sanitized instead, other files kept as sent. */
const RASTER = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/tiff']);

export function isRaster(mime: string): boolean {
  return RASTER.has(mime);
}

/**
 * Turns a received file into what is stored, under `keyBase` (`<site>/<yyyy>/<mm>/<name>`):
 * raster images into their four WebP variants (the full one is the main file), SVG into its
 * sanitized text, anything else unchanged. Image work runs on the pool, in `source`'s turn, and
 * in the worker process; it throws WorkCancelled when `source.signal` is aborted before the work
 * is done.
 */
export async function prepareMedia(
  path: string,
  kind: FileKind,
  keyBase: string,
  image: ImageOptions,
  work: ImageWork,
  source: WorkSource,
): Promise<PreparedMedia> {
  if (isRaster(kind.mime)) return prepareImage(path, keyBase, image, work, source);
  if (kind.mime === 'image/svg+xml') {
    const clean = sanitizeSvg(await readFile(path, 'utf8'));
    if (clean === null)
      throw new ImageRefused('Nothing of this SVG is left once scripts and links are removed.');
    const bytes = Buffer.from(clean);
    const key = `${keyBase}.svg`;
    return {
      files: [{ key, source: { bytes }, contentType: kind.mime, size: bytes.length }],
      mainKey: key,
      mime: kind.mime,
      size: bytes.length,
      width: null,
      height: null,
      variants: {},
    };
  }
  const { size } = await stat(path);
  const key = `${keyBase}.${kind.ext}`;
  return {
    files: [{ key, source: { path }, contentType: kind.mime, size }],
    mainKey: key,
    mime: kind.mime,
    size,
    width: null,
    height: null,
    variants: {},
  };
}

/** The four variants of a raster image (also used to redo them: optimize, a new focal point). */
export async function prepareImage(
  path: string,
  keyBase: string,
  image: ImageOptions,
  { pool, worker }: ImageWork,
  source: WorkSource,
): Promise<PreparedMedia> {
  const encoded = await pool.run(() => worker.encode(path, image, source.signal), source);
  const files: FileToStore[] = [];
  const variants: Record<string, StoredVariant> = {};
  for (const name of VARIANT_NAMES) {
    const variant = encoded[name];
    const key = name === 'full' ? `${keyBase}.webp` : `${keyBase}-${name}.webp`;
    files.push({
      key,
      source: { bytes: variant.bytes },
      contentType: 'image/webp',
      size: variant.bytes.length,
    });
    variants[name] = { key, width: variant.width, height: variant.height, size: variant.bytes.length };
  }
  const full = encoded.full;
  return {
    files,
    mainKey: `${keyBase}.webp`,
    mime: 'image/webp',
    size: full.bytes.length,
    width: full.width,
    height: full.height,
    variants,
  };
}

/** Stores every file, or none: what was stored before a failure is deleted again. */
export async function storeAll(storage: FileStorage, files: readonly FileToStore[]): Promise<void> {
  const stored: string[] = [];
  try {
    for (const file of files) {
      await storage.put(file.key, file.source, file.contentType);
      stored.push(file.key);
    }
  } catch (error) {
    await storage.delete(stored).catch(() => {});
    throw error;
  }
}
