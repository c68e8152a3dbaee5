import { join } from 'node:path';
import type { Config } from '../config.js';
import { LocalStorage } from './local-storage.js';
import type { S3Options } from './s3-storage.js';
import { type ByteRange, type FileStorage, joinUrl, type StoredObject } from './storage.js';

/** The media store the configuration names (MEDIA_STORAGE, README: Configuration). */
export function openStorage(config: Config): FileStorage {
  const { storage } = config;
  if (storage.driver === 's3') return new DeferredS3({ ...storage.s3, publicUrl: storage.publicUrl });
  return new LocalStorage(join(config.dataDir, 'media'), storage.publicUrl);
}

/**
 * The S3 driver, loaded on first use: the AWS SDK weighs some 20 MiB resident and 40 ms of start,
 * which a process that never touches a file (a CLI command, a worker) should not pay.
 */
class DeferredS3 implements FileStorage {
  readonly driver = 's3';
  private real: Promise<FileStorage> | null = null;

  constructor(private readonly options: S3Options) {}

  private load(): Promise<FileStorage> {
    this.real ??= import('./s3-storage.js').then(({ S3Storage }) => new S3Storage(this.options));
    return this.real;
  }

  async put(key: string, source: { path: string } | { bytes: Uint8Array }, contentType: string) {
    return (await this.load()).put(key, source, contentType);
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    return (await this.load()).get(key, range);
  }

  async delete(keys: readonly string[]) {
    return (await this.load()).delete(keys);
  }

  async *list(prefix: string): AsyncIterable<string> {
    yield* (await this.load()).list(prefix);
  }

  publicUrl(key: string): string | null {
    return this.options.publicUrl === null ? null : joinUrl(this.options.publicUrl, key);
  }

  async close() {
    if (this.real) await (await this.real).close();
  }
}
