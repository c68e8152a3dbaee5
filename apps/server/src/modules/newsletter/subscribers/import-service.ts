import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { requirePermission } from '../../../core/access/actor.js';
import { NotFound, ValidationFailed } from '../../../core/errors.js';
import type { OperationContext } from '../../../core/operation/operation-context.js';
import type { Runtime } from '../../../core/runtime.js';
import { recordNewsletterActivity } from './activity.js';
import { headerRow, importFilePath, missingColumns, runImport } from './import-run.js';
import type { ImportForm } from './import-upload.js';
import { MANAGE } from './lists-service.js';
import { ImportsRepo, type ImportView } from './repo-imports.js';
import { knownLists } from './service.js';

export const IMPORT_JOB = 'newsletter.import';

declare module '../../../core/jobs/job.js' {
  interface JobPayloads {
    /** Runs the CSV import of that id, on the job's site. */
    'newsletter.import': { importId: number };
  }
}

/** How often the import job is tried before it is marked failed (each run resumes where the last stopped). */
const IMPORT_ATTEMPTS = 5;

/** CSV imports of subscribers: accepted at once, run by a job that reports its progress. */
export class ImportsService {
  constructor(private readonly runtime: Runtime) {}

  /** Where uploads wait while they arrive, before they have an import. */
  get uploadDir(): string {
    return join(this.runtime.config.dataDir, 'tmp', 'newsletter-imports');
  }

  /** Declares the job that runs imports (every process: the worker runs it). */
  defineJob(): void {
    this.runtime.jobs.registry.define(
      IMPORT_JOB,
      async (payload, { siteId, signal, attempt, maxAttempts }) => {
        const site = siteId === null ? null : await this.runtime.siteStore.findById(siteId);
        if (!site) return;
        const { importId } = payload as { importId: number };
        try {
          await runImport(this.runtime, site, importId, signal);
        } catch (error) {
          if (attempt >= maxAttempts)
            await new ImportsRepo(this.runtime.data.site(site.id)).finish(
              importId,
              'failed',
              new Date().toISOString(),
            );
          throw error;
        }
      },
      { maxAttempts: IMPORT_ATTEMPTS },
    );
  }

  /** Keeps the uploaded file for the job and queues it: 202 with the import, its counts at zero. */
  async create(ctx: OperationContext, form: ImportForm): Promise<ImportView> {
    let moved: string | null = null;
    try {
      requirePermission(ctx.actor, MANAGE);
      return await ctx.transaction(async () => {
        const header = await headerRow(form.file.path);
        const missing = header ? missingColumns(header, form.mapping) : { file: 'The file is empty.' };
        if (Object.keys(missing).length > 0)
          throw new ValidationFailed(
            Object.fromEntries(Object.entries(missing).map(([key, message]) => [key, [message]])),
          );
        const lists = await knownLists(ctx, form.lists);
        const repo = new ImportsRepo(ctx.db);
        const id = await repo.insert({
          fileName: form.fileName,
          mapping: form.mapping,
          lists,
          status: form.status,
          totalBytes: form.file.size,
          createdBy: ctx.actor.userId,
          at: new Date().toISOString(),
        });
        const path = importFilePath(this.runtime, ctx.site.id, id);
        await mkdir(dirname(path), { recursive: true });
        await rename(form.file.path, path);
        moved = path;
        await ctx.jobs.enqueue(IMPORT_JOB, { importId: id });
        await recordNewsletterActivity(
          this.runtime,
          ctx,
          { action: 'newsletter.import_started', subject: 'newsletter_import', id },
          { file_name: form.fileName, bytes: form.file.size, lists },
        );
        return (await repo.byId(id)) as ImportView;
      });
    } catch (error) {
      // Refused or rolled back: no file stays behind for an import that does not exist.
      if (moved) await rm(moved, { force: true });
      throw error;
    } finally {
      await form.file.discard();
    }
  }

  async get(ctx: OperationContext, id: number): Promise<ImportView> {
    requirePermission(ctx.actor, MANAGE);
    const found = await new ImportsRepo(ctx.db).byId(id);
    if (!found) throw new NotFound(`Import ${id}`, 'import_not_found');
    return found;
  }
}
