import { readJson } from '../../core/db/engine.js';
import type { FileStorage } from '../../core/storage/storage.js';
import type { VariantName } from './files/images.js';
import type { MediaRow } from './repo.js';

/** Credit for a stock photo (or any item whose author must be named). */
export interface MediaCredit {
  photographer: string;
  profile_url: string | null;
  source_url: string | null;
  provider: string | null;
  license: string | null;
}

/** A stored variant as the database keeps it. */
export interface StoredVariant {
  key: string;
  width: number;
  height: number;
  size: number;
}

export interface VariantView {
  url: string;
  width: number;
  height: number;
  size: number;
  mime_type: string;
}

export interface MediaView {
  id: number;
  url: string;
  file_name: string;
  original_name: string;
  title: string;
  alt_text: string;
  caption: string;
  credit: MediaCredit | null;
  mime_type: string;
  type_group: string;
  size: number;
  width: number | null;
  height: number | null;
  hash: string;
  duplicate_of: number | null;
  focal_point: { x: number; y: number };
  folder_id: number | null;
  uploaded_by: number | null;
  variants: Partial<Record<VariantName, VariantView>>;
  created_at: string;
  updated_at: string;
}

/**
 * Where a stored file is fetched: from MEDIA_URL when files are served elsewhere (a CDN, a public
 * bucket), else from this server's /media/ path on the site's own host, so the URL works on every
 * domain of the site.
 */
export function fileUrl(storage: FileStorage, key: string): string {
  return storage.publicUrl(key) ?? `/media/${key.slice(key.indexOf('/') + 1)}`;
}

export function variantsOf(row: Pick<MediaRow, 'variants'>): Partial<Record<VariantName, StoredVariant>> {
  return readJson<Partial<Record<VariantName, StoredVariant>>>(row.variants, {});
}

/** The storage keys of an item's served files: its main file and its variants. */
export function keysOf(row: Pick<MediaRow, 'storage_key' | 'variants'>): string[] {
  return [...new Set([row.storage_key, ...Object.values(variantsOf(row)).map((variant) => variant.key)])];
}

/** Every storage key of an item: its served files and its kept original. */
export function allKeysOf(row: Pick<MediaRow, 'storage_key' | 'variants' | 'original_key'>): string[] {
  return row.original_key ? [...keysOf(row), row.original_key] : keysOf(row);
}

export function mediaView(storage: FileStorage, row: MediaRow): MediaView {
  const variants: Partial<Record<VariantName, VariantView>> = {};
  for (const [name, variant] of Object.entries(variantsOf(row)) as [VariantName, StoredVariant][])
    variants[name] = {
      url: fileUrl(storage, variant.key),
      width: variant.width,
      height: variant.height,
      size: variant.size,
      mime_type: 'image/webp',
    };
  return {
    id: row.id,
    url: fileUrl(storage, row.storage_key),
    file_name: row.file_name,
    original_name: row.original_name,
    title: row.title,
    alt_text: row.alt_text,
    caption: row.caption,
    credit: readJson<MediaCredit | null>(row.credit, null),
    mime_type: row.mime_type,
    type_group: row.type_group,
    size: Number(row.size),
    width: row.width,
    height: row.height,
    hash: row.hash,
    duplicate_of: row.duplicate_of,
    focal_point: { x: row.focal_x, y: row.focal_y },
    folder_id: row.folder_id,
    uploaded_by: row.uploaded_by,
    variants,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
