import type { Generated } from 'kysely';
import type { Timestamp } from '../../core/db/schema.js';

export type CommentStatus = 'pending' | 'approved' | 'spam' | 'trash';

export interface CommentTable {
  id: Generated<number>;
  site_id: number;
  entry_id: number;
  parent_id: number | null;
  /** 1 for a comment on the entry, 2 for a reply to it... */
  depth: number;
  author_name: string;
  /** Never shown publicly. */
  author_email: string;
  author_url: string | null;
  /** The signed-in user who wrote it, if any. */
  user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  /** Plain text as written; rendered escaped, links made safe (text.ts). */
  body: string;
  status: CommentStatus;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An entry whose comments were closed (or opened again) by hand; absent means open. */
export interface EntryDiscussionTable {
  site_id: number;
  entry_id: number;
  closed: number;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    comments: CommentTable;
    entry_discussions: EntryDiscussionTable;
  }
}
