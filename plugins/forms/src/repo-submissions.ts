import type { SubmittedValues } from './model.js';
import type { FileRow, FormsDb, SubmissionRow } from './repo.js';
import { searchPattern, searchText } from './search-text.js';

/** The queries of submissions and their files. */

/** What narrows a form's submissions: words in the values, a span of time, read or not. */
export interface SubmissionFilters {
  q?: string | undefined;
  /** ISO instants: from (included), until (excluded). */
  since?: string | undefined;
  until?: string | undefined;
  read?: boolean | undefined;
}

export interface NewSubmission {
  form_id: number;
  form_version: number;
  values: SubmittedValues;
  locale: string;
  created_at: string;
  read_at?: string | null;
}

export type NewFile = Omit<FileRow, 'id' | 'site_id' | 'submission_id' | 'created_at'>;

export async function insertSubmission(
  db: FormsDb,
  submission: NewSubmission,
  files: readonly NewFile[] = [],
) {
  const { id } = await db
    .insertInto('forms_submissions', {
      form_id: submission.form_id,
      form_version: submission.form_version,
      values: JSON.stringify(submission.values),
      search_text: searchText(submission.values),
      locale: submission.locale,
      read_at: submission.read_at ?? null,
      created_at: submission.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (files.length > 0)
    await db
      .insertInto(
        'forms_files',
        files.map((file) => ({ ...file, submission_id: id, created_at: submission.created_at })),
      )
      .execute();
  return id;
}

function filtered(db: FormsDb, formId: number, filters: SubmissionFilters) {
  let query = db.selectFrom('forms_submissions').where('form_id', '=', formId);
  const q = filters.q?.trim();
  if (q) query = query.where('search_text', 'like', searchPattern(q));
  if (filters.since) query = query.where('created_at', '>=', filters.since);
  if (filters.until) query = query.where('created_at', '<', filters.until);
  if (filters.read !== undefined) query = query.where('read_at', filters.read ? 'is not' : 'is', null);
  return query;
}

export async function countSubmissions(
  db: FormsDb,
  formId: number,
  filters: SubmissionFilters,
): Promise<number> {
  const row = await filtered(db, formId, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Newest first: a page of `limit` after `offset`. */
export function listSubmissions(
  db: FormsDb,
  formId: number,
  filters: SubmissionFilters,
  page: { limit: number; offset: number },
): Promise<SubmissionRow[]> {
  return filtered(db, formId, filters)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Every matching submission, oldest first, in batches of `size` (keyed on id): an export. */
export async function* eachSubmissionBatch(
  db: FormsDb,
  formId: number,
  filters: SubmissionFilters,
  size: number,
): AsyncGenerator<SubmissionRow[]> {
  let after = 0;
  for (;;) {
    const rows = await filtered(db, formId, filters)
      .selectAll()
      .where('id', '>', after)
      .orderBy('id', 'asc')
      .limit(size)
      .execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < size) return;
  }
}

export async function findSubmission(db: FormsDb, id: number): Promise<SubmissionRow | null> {
  return (
    (await db.selectFrom('forms_submissions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
  );
}

export async function filesOf(db: FormsDb, submissionIds: readonly number[]): Promise<FileRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .selectFrom('forms_files')
    .selectAll()
    .where('submission_id', 'in', [...submissionIds])
    .orderBy('id', 'asc')
    .execute();
}

export async function findFile(db: FormsDb, id: number): Promise<FileRow | null> {
  return (await db.selectFrom('forms_files').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function setRead(db: FormsDb, id: number, readAt: string | null): Promise<void> {
  await db.updateTable('forms_submissions').set({ read_at: readAt }).where('id', '=', id).execute();
}

/**
 * Deletes these submissions (those of the site among them) and their files' rows: how many went,
 * and the files' storage keys for the caller to delete.
 */
export async function deleteSubmissions(
  db: FormsDb,
  ids: readonly number[],
): Promise<{ deleted: number; storageKeys: string[] }> {
  if (ids.length === 0) return { deleted: 0, storageKeys: [] };
  const files = await db
    .selectFrom('forms_files')
    .select('storage_key')
    .where('submission_id', 'in', [...ids])
    .execute();
  await db
    .deleteFrom('forms_files')
    .where('submission_id', 'in', [...ids])
    .execute();
  const result = await db
    .deleteFrom('forms_submissions')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return { deleted: Number(result.numDeletedRows), storageKeys: files.map((file) => file.storage_key) };
}

/** The ids of submissions made before `before` (any form), oldest first: retention's sweep. */
export async function submissionsBefore(db: FormsDb, before: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('forms_submissions')
    .select('id')
    .where('created_at', '<', before)
    .orderBy('created_at', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
