import { join } from 'node:path';
import type { Config } from '../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { FileStorage } from './storage.js';

/** The media store the configuration names (MEDIA_STORAGE, README: Configuration). */
export function openStorage(config: Config): FileStorage {
  const { storage } = config;
  if (storage.driver === 's3') return new S3Storage({ ...storage.s3, publicUrl: storage.publicUrl });
  return new LocalStorage(join(config.dataDir, 'media'), storage.publicUrl);
}
