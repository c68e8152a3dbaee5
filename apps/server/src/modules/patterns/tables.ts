import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

/** A named block subtree to reuse: copied where it is inserted, or referenced when synced. */
export interface PatternTable {
  id: Generated<number>;
  site_id: number;
  name: string;
  category: string;
  /** 1: pages show it by reference, so an edit here changes every page using it. */
  synced: number;
  /** The block tree, as JSON. */
  blocks: unknown;
  /** 1 when created, one more with each change: a change made from an older one is refused. */
  version: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    patterns: PatternTable;
  }
}
