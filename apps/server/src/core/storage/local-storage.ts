import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertStorageKey, type ByteRange, type FileStorage, joinUrl, type StoredObject } from './storage.js';

/**
 * Files under a folder of the local disk (DATA_DIR/media). Writes go to a temporary name first and
 * are renamed into place, so a reader never sees half a file.
 */
export class LocalStorage implements FileStorage {
  readonly driver = 'local';

  constructor(
    private readonly root: string,
    private readonly baseUrl: string | null,
  ) {}

  async put(key: string, source: { path: string } | { bytes: Uint8Array }): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.${Date.now()}.part`;
    try {
      if ('path' in source) await copyFile(source.path, partial);
      else await writeFile(partial, source.bytes);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return {
      body: createReadStream(path, range ? { start: range.start, end: range.end } : {}),
      size: info.size,
      etag: `"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}"`,
      lastModified: info.mtime,
    };
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) await rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<string> {
    const entries = await readdir(this.pathOf(prefix), { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) yield* this.list(key);
      // A file being written has a name no key can have (`.part`, under a pid).
      else if (entry.isFile() && !entry.name.endsWith('.part')) yield key;
    }
  }

  publicUrl(key: string): string | null {
    return this.baseUrl === null ? null : joinUrl(this.baseUrl, key);
  }

  async close(): Promise<void> {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }
}
