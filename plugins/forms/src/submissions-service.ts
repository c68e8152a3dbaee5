import type { PluginContext, PluginOperation } from '@tessera/plugin';
import type { ExportedSubmission } from './export.js';
import type { FormField, Submission, SubmittedValues } from './model.js';
import type { FileRow, FormsDb, FormsTables, SubmissionRow } from './repo.js';
import { findForm, versionFields } from './repo.js';
import {
  countSubmissions,
  deleteSubmissions,
  eachSubmissionBatch,
  filesOf,
  findFile,
  findSubmission,
  listSubmissions,
  type SubmissionFilters,
  setRead,
  submissionsBefore,
} from './repo-submissions.js';
import type { FormsSettings } from './settings.js';
import { dayEnd, dayStart } from './site-days.js';

/**
 * A form's submissions as the admin reads them: the list with its filters, one with the fields of
 * the version it was made with, marked read or not, deleted one by one or many at once, exported,
 * and the nightly retention sweep.
 */

/** The list's filters as the routes take them: days of the site's calendar, read as a word. */
export interface ListFilters {
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  read?: 'true' | 'false' | undefined;
}

const EXPORT_BATCH = 500;
const RETENTION_BATCH = 500;
const DAY = 24 * 60 * 60 * 1000;

export function submissionsService(plugin: PluginContext) {
  const db = (ctx: PluginOperation): FormsDb => plugin.db<FormsTables>(ctx);

  async function formFound(ctx: PluginOperation, formId: number) {
    const form = await findForm(db(ctx), formId);
    if (!form) throw new plugin.errors.NotFound('Form');
    return form;
  }

  async function filtersOf(ctx: PluginOperation, filters: ListFilters): Promise<SubmissionFilters> {
    const { time_zone } = await plugin.settings.general(ctx);
    return {
      q: filters.q,
      since: filters.from ? dayStart(filters.from, time_zone) : undefined,
      until: filters.to ? dayEnd(filters.to, time_zone) : undefined,
      read: filters.read === undefined ? undefined : filters.read === 'true',
    };
  }

  /** Rows as the API answers them, with their version's fields and their files, in one query each. */
  async function shaped(
    ctx: PluginOperation,
    formId: number,
    rows: readonly SubmissionRow[],
  ): Promise<Submission[]> {
    const versions = await versionFields(
      db(ctx),
      formId,
      rows.map((row) => row.form_version),
    );
    const files = await filesOf(
      db(ctx),
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      ...exported(row, files),
      fields: versions.get(row.form_version) ?? ([] as FormField[]),
    }));
  }

  /** Deletes submissions with their files' rows, and their stored files once the transaction commits. */
  async function discard(tx: PluginOperation, ids: readonly number[]): Promise<number> {
    const { deleted, storageKeys } = await deleteSubmissions(db(tx), ids);
    await plugin.files.delete(tx, storageKeys);
    return deleted;
  }

  async function one(ctx: PluginOperation, id: number): Promise<Submission> {
    const row = await findSubmission(db(ctx), id);
    if (!row) throw new plugin.errors.NotFound('Submission');
    const [submission] = await shaped(ctx, row.form_id, [row]);
    if (!submission) throw new plugin.errors.NotFound('Submission');
    return submission;
  }

  return {
    async list(
      ctx: PluginOperation,
      formId: number,
      query: ListFilters & { page: number; per_page: number },
    ): Promise<{ items: Submission[]; total: number; page: number; per_page: number }> {
      await formFound(ctx, formId);
      const filters = await filtersOf(ctx, query);
      const total = await countSubmissions(db(ctx), formId, filters);
      const rows = await listSubmissions(db(ctx), formId, filters, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return { items: await shaped(ctx, formId, rows), total, page: query.page, per_page: query.per_page };
    },

    get: one,

    async markRead(ctx: PluginOperation, id: number, read: boolean): Promise<Submission> {
      return ctx.transaction(async (tx) => {
        const submission = await one(tx, id);
        if ((submission.read_at !== null) !== read)
          await setRead(db(tx), id, read ? new Date().toISOString() : null);
        return one(tx, id);
      });
    },

    async remove(ctx: PluginOperation, id: number): Promise<void> {
      await ctx.transaction(async (tx) => {
        if (!(await findSubmission(db(tx), id))) throw new plugin.errors.NotFound('Submission');
        await discard(tx, [id]);
      });
    },

    /** The site's submissions among `ids` (others are not counted): how many went. */
    async removeMany(ctx: PluginOperation, ids: readonly number[]): Promise<{ deleted: number }> {
      return ctx.transaction(async (tx) => ({ deleted: await discard(tx, ids) }));
    },

    /**
     * What an export needs: the form as it is now (the CSV's columns) and its matching submissions,
     * oldest first, in batches read as the file is sent. The form is looked up first, so a 404 is
     * answered before any byte.
     */
    async forExport(ctx: PluginOperation, formId: number, filters: ListFilters) {
      const form = await formFound(ctx, formId);
      const narrowed = await filtersOf(ctx, filters);
      const scoped = db(ctx);
      async function* pages(): AsyncGenerator<ExportedSubmission[]> {
        for await (const rows of eachSubmissionBatch(scoped, formId, narrowed, EXPORT_BATCH)) {
          const files = await filesOf(
            scoped,
            rows.map((row) => row.id),
          );
          yield rows.map((row) => exported(row, files));
        }
      }
      return {
        form: {
          id: form.id,
          slug: form.slug,
          title: form.title,
          version: form.version,
          fields: JSON.parse(form.fields) as FormField[],
        },
        pages: pages(),
      };
    },

    /** A file sent with a submission, its bytes as they come from the storage: 404 when either is gone. */
    async file(ctx: PluginOperation, id: number) {
      const row = await findFile(db(ctx), id);
      const stored = row && (await plugin.files.read(ctx, row.storage_key));
      if (!row || !stored) throw new plugin.errors.NotFound('File');
      return { filename: row.filename, content_type: row.content_type, body: stored.body };
    },

    /** Deletes the site's submissions older than its `retention_days` (0 keeps them): how many went. */
    async sweep(ctx: PluginOperation, now = Date.now()): Promise<number> {
      const { retention_days } = await plugin.settings.read<FormsSettings>(ctx);
      if (retention_days <= 0) return 0;
      const before = new Date(now - retention_days * DAY).toISOString();
      let deleted = 0;
      for (;;) {
        const ids = await submissionsBefore(db(ctx), before, RETENTION_BATCH);
        if (ids.length === 0) return deleted;
        // Each batch commits on its own: a sweep stopped half-way has kept what it did.
        deleted += await ctx.transaction((tx) => discard(tx, ids));
      }
    },
  };
}

export type SubmissionsService = ReturnType<typeof submissionsService>;

function exported(row: SubmissionRow, files: readonly FileRow[]): ExportedSubmission {
  return {
    id: row.id,
    form_id: row.form_id,
    form_version: row.form_version,
    values: JSON.parse(row.values) as SubmittedValues,
    files: files
      .filter((file) => file.submission_id === row.id)
      .map((file) => ({
        id: file.id,
        field: file.field,
        filename: file.filename,
        content_type: file.content_type,
        size: file.size,
      })),
    locale: row.locale,
    created_at: row.created_at,
    read_at: row.read_at,
  };
}
