import type { PluginOperation } from './operation.js';

/** What a backup archive holds, from its `manifest.json`. */
export interface PluginBackupManifest {
  format: 'tessera-backup';
  version: 1;
  /** Tessera's version that wrote it. */
  tessera: string;
  engine: 'sqlite' | 'postgres';
  scope: 'installation';
  created_at: string;
  duration_ms: number;
  /** Every migration applied when it was taken (core, modules, plugins). */
  migrations: string[];
  tables: { name: string; rows: number; size: number; sha256: string }[];
  files: { key: string; type: string; size: number; sha256: string }[];
  /** Files the rows referenced that the store no longer had (deleted while the backup ran). */
  missing_files: string[];
}

/**
 * Backups of the whole installation (issue 43's platform part): every table as one point in time
 * and the files its rows reference, in a gzipped tar kept under the installation's data folder
 * (`DATA_DIR/backups/<name>.tar.gz`), restorable into either engine. Every call needs a Super
 * Admin's operation (or the system's: a job, the CLI) and throws Forbidden otherwise. Names are
 * lowercase letters, digits and dashes (at most 100).
 */
export interface PluginBackups {
  /** Writes a backup named `name`; answers its manifest and the archive's size in bytes. */
  create(ctx: PluginOperation, name: string): Promise<{ manifest: PluginBackupManifest; size: number }>;
  /**
   * Checks the archive (checksums, no migration or plugin this installation lacks), then puts the
   * installation back as it holds it in one transaction: a refused or failed restore changes nothing
   * (422 on the `archive` field for an archive that is not acceptable).
   */
  restore(ctx: PluginOperation, name: string): Promise<PluginBackupManifest>;
  /** The archive's bytes (to download it), or null when there is none. */
  read(ctx: PluginOperation, name: string): Promise<{ body: AsyncIterable<Uint8Array>; size: number } | null>;
  /** Stores an archive brought from elsewhere (an upload) under `name`, to restore it. */
  save(ctx: PluginOperation, name: string, body: AsyncIterable<Uint8Array>): Promise<{ size: number }>;
  /** Deletes the archive; a missing one is no error. */
  delete(ctx: PluginOperation, name: string): Promise<void>;
}
