import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson, writeJson } from '../../../core/db/engine.js';
import type { ImportStatus, NewsletterImportTable } from '../tables.js';
import type { ImportMapping } from './import-upload.js';
import '../tables.js';

export interface ImportProblem {
  line: number;
  message: string;
}

/** Where an import stands after a batch: the counts so far, and the problems kept. */
export interface ImportProgress {
  read_bytes: number;
  rows_read: number;
  created_count: number;
  merged_count: number;
  invalid_count: number;
  problems: ImportProblem[];
}

export interface ImportView extends ImportProgress {
  id: number;
  status: ImportStatus;
  file_name: string;
  mapping: ImportMapping;
  lists: number[];
  subscriber_status: 'subscribed' | 'pending';
  total_bytes: number;
  created_at: string;
  finished_at: string | null;
}

function viewOf(row: Selectable<NewsletterImportTable>): ImportView {
  return {
    id: row.id,
    status: row.status,
    file_name: row.file_name,
    mapping: readJson<ImportMapping>(row.mapping, { email: '', name: null, language: null }),
    lists: readJson<number[]>(row.list_ids, []),
    subscriber_status: row.subscriber_status,
    total_bytes: row.total_bytes,
    read_bytes: row.read_bytes,
    rows_read: row.rows_read,
    created_count: row.created_count,
    merged_count: row.merged_count,
    invalid_count: row.invalid_count,
    problems: readJson<ImportProblem[]>(row.problems, []),
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/** One site's CSV imports and their progress. */
export class ImportsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async byId(id: number): Promise<ImportView | null> {
    const row = await this.db
      .selectFrom('newsletter_imports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? viewOf(row) : null;
  }

  async insert(values: {
    fileName: string;
    mapping: ImportMapping;
    lists: number[];
    status: 'subscribed' | 'pending';
    totalBytes: number;
    createdBy: number | null;
    at: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('newsletter_imports', {
        status: 'pending',
        file_name: values.fileName,
        mapping: writeJson(values.mapping),
        list_ids: writeJson(values.lists),
        subscriber_status: values.status,
        total_bytes: values.totalBytes,
        created_by: values.createdBy,
        created_at: values.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async progress(id: number, progress: ImportProgress): Promise<void> {
    await this.db
      .updateTable('newsletter_imports')
      .set({ ...progress, status: 'running', problems: writeJson(progress.problems) })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: number, status: 'done' | 'failed', at: string, problems?: ImportProblem[]): Promise<void> {
    await this.db
      .updateTable('newsletter_imports')
      .set({ status, finished_at: at, ...(problems ? { problems: writeJson(problems) } : {}) })
      .where('id', '=', id)
      .execute();
  }
}
