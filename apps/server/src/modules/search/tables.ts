/** SQLite's FTS5 index (migration 0016): rowid is the entry's id. */
export interface SearchIndexTable {
  rowid: number;
  site_id: number;
  title: string;
  body: string;
  text: string;
}

/** PostgreSQL's index (migration 0016). */
export interface SearchDocumentTable {
  site_id: number;
  entry_id: number;
  document: string;
  text: string;
}

declare module '../../core/db/schema.js' {
  interface SiteTables {
    search_index: SearchIndexTable;
    search_documents: SearchDocumentTable;
  }
}
