import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/** JSON columns: parsed on PostgreSQL (jsonb), text on SQLite; read with `readJson`, write with `writeJson`. */
type Json = unknown;

export type MediaGroup = 'image' | 'video' | 'audio' | 'document' | 'archive';

export interface MediaTable {
  id: Generated<number>;
  site_id: number;
  folder_id: number | null;
  uploaded_by: number | null;
  /** The name the file came with, for people; never used to build a path. */
  original_name: string;
  /** The stored name: a safe slug plus a unique suffix, with the extension of the detected type. */
  file_name: string;
  title: string;
  alt_text: string;
  caption: string;
  /** JSON MediaCredit (photographer, profile, source page, provider, licence) or null. */
  credit: Json;
  mime_type: string;
  type_group: MediaGroup;
  /** Bytes of the main stored file (the `full` WebP for images). */
  size: number;
  width: number | null;
  height: number | null;
  /** SHA-256 (hex) of the bytes as uploaded: duplicates share it. */
  hash: string;
  /** The earlier upload with the same bytes, when this one repeats it. */
  duplicate_of: number | null;
  focal_x: number;
  focal_y: number;
  /** Storage key of the main file. */
  storage_key: string;
  /**
   * Storage key of a raster image's file as uploaded (`<site>/originals/yyyy/mm/<name>.<ext>`),
   * kept when the `keep_originals` setting was on: private (no URL serves it), the source when the
   * variants are made again, deleted with the item. Null when not kept.
   */
  original_key: string | null;
  /** JSON `{thumbnail, medium, large, full}` for images: key, width, height, size of each. */
  variants: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MediaFolderTable {
  id: Generated<number>;
  site_id: number;
  parent_id: number | null;
  name: string;
  /** Who made it: folders follow media's own/others rule. Null when unknown (or the user is gone). */
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * One place a media item is used: an owner (an entry, a menu, a plugin's record) and the path in
 * it (`featured_media_id`, `fields.gallery[2]`, `blocks[0].children[1].props.media_id`).
 */
export interface MediaUsageTable {
  id: Generated<number>;
  site_id: number;
  media_id: number;
  owner_type: string;
  owner_id: number;
  path: string;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    media: MediaTable;
    media_folders: MediaFolderTable;
    media_usage: MediaUsageTable;
  }
}
