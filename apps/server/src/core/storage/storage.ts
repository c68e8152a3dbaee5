import type { Readable } from 'node:stream';

/** Bytes `start` to `end`, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored object as a reader gets it. */
export interface StoredObject {
  body: Readable;
  size: number;
  /** Quoted, as the ETag header carries it. */
  etag: string;
  lastModified: Date;
}

/**
 * Where media files live: local disk under DATA_DIR by default, or an S3-compatible bucket that
 * several instances share. Keys are `/`-separated relative paths the media module makes (never
 * user input); the drivers refuse anything else, so a key can never leave the store.
 */
export interface FileStorage {
  readonly driver: 'local' | 's3';
  /** Stores `source` (a file on local disk, or bytes) under `key`, replacing what was there. */
  put(key: string, source: { path: string } | { bytes: Uint8Array }, contentType: string): Promise<void>;
  /**
   * The object, or null when there is none; with `range`, only those bytes (inclusive), while
   * `size` stays the whole object's.
   */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Every key under the folder `prefix` (`3/plugins`: its keys `3/plugins/...`), in no set order. */
  list(prefix: string): AsyncIterable<string>;
  /** Deletes the keys; missing ones are no error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The public URL of `key` when files are served from elsewhere (MEDIA_URL), else null. */
  publicUrl(key: string): string | null;
  close(): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

/** Keys are lowercase path segments without dots at their start: no `..`, no absolute paths. */
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.length > 500) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

export function joinUrl(base: string, key: string): string {
  return `${base.replace(/\/+$/, '')}/${key}`;
}
