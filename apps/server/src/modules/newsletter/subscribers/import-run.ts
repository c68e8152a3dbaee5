import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type CsvError, parse } from 'csv-parse';
import type { Runtime } from '../../../core/runtime.js';
import type { Site } from '../../../core/sites/site.js';
import { siteUrlOf } from '../../email-templates/module.js';
import { subscriberAddress, subscriberLanguage } from './address.js';
import { mailConfirmation } from './confirmation.js';
import { type NewSubscriber, SubscribersRepo } from './repo.js';
import { type ImportProblem, type ImportProgress, ImportsRepo, type ImportView } from './repo-imports.js';
import { ListsRepo } from './repo-lists.js';

/** Rows written per transaction: the progress an administrator sees moves this often. */
export const IMPORT_BATCH = 500;
/** Problems kept for the administrator to read; past them the invalid lines are only counted. */
export const PROBLEMS_KEPT = 1000;
/** A row longer than this is refused, so a stray quote cannot make one row of the rest of the file. */
const MAX_ROW_BYTES = 64 * 1024;
const NAME_MAX = 200;

/** Where an import's file waits for its job: under the data directory, named by site and import. */
export function importFilePath(runtime: Runtime, siteId: number, importId: number): string {
  return join(runtime.config.dataDir, 'newsletter-imports', `${siteId}-${importId}.csv`);
}

/** How every import's CSV is read: UTF-8 (a BOM skipped), rows of any length, quotes forgiven. */
const CSV_OPTIONS = {
  bom: true,
  relax_column_count: true,
  // A stray quote spoils its own line only (it is read as text), not every line after it.
  relax_quotes: true,
  skip_empty_lines: true,
  max_record_size: MAX_ROW_BYTES,
} as const;

/** The file's header row (its first), or null for a file without one. */
export async function headerRow(path: string): Promise<string[] | null> {
  const parser = createReadStream(path).pipe(parse({ ...CSV_OPTIONS, to_line: 1 }));
  try {
    for await (const record of parser as AsyncIterable<string[]>) return record.map((cell) => cell.trim());
    return null;
  } catch {
    return null;
  } finally {
    parser.destroy();
  }
}

/** The mapped headers the file's header row lacks: `mapping.<field>` → the message. */
export function missingColumns(
  header: readonly string[],
  mapping: ImportView['mapping'],
): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const [field, name] of Object.entries(mapping))
    if (name !== null && !header.includes(name))
      missing[`mapping.${field}`] = `The file has no column ${name}.`;
  return missing;
}

/** A row of the file, in the order the file has them: a record, or one the parser refused. */
type FileRow = { line: number; cells: string[] } | { line: number; problem: string };

interface Candidate {
  line: number;
  email: string;
  name: string;
  language: string | null;
}

/**
 * Runs an import: reads its CSV as a stream (never the whole file in memory), and every
 * IMPORT_BATCH rows writes them in one transaction with the import's progress. Addresses already
 * there (in the site, or earlier in the file) are merged: an empty name or language is filled in
 * and the lists are added, but the status stays: someone who left (unsubscribed, bounced,
 * complained) is neither subscribed again nor put on lists by an import.
 * A run that stopped (a crash, a restart) resumes after the rows its last batch recorded.
 */
export async function runImport(
  runtime: Runtime,
  site: Site,
  importId: number,
  signal: AbortSignal,
): Promise<void> {
  const db = runtime.data.site(site.id);
  const imports = new ImportsRepo(db);
  const job = await imports.byId(importId);
  const path = importFilePath(runtime, site.id, importId);
  if (!job || job.status === 'done' || job.status === 'failed') {
    await rm(path, { force: true });
    return;
  }
  const run = new ImportRun(runtime, site, job, await new ListsRepo(db).existing(job.lists));
  const refusals: Array<{ line: number; problem: string }> = [];
  const parser = createReadStream(path).pipe(
    parse({
      ...CSV_OPTIONS,
      info: true,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        refusals.push({
          line: Number(error?.lines ?? 0),
          problem:
            error?.code === 'CSV_MAX_RECORD_SIZE' ? 'The row is too long.' : 'The row is not valid CSV.',
        });
        return undefined;
      },
    }),
  );
  let header: string[] | null = null;
  for await (const { info, record } of parser as AsyncIterable<{
    info: { lines: number; bytes: number };
    record: string[];
  }>) {
    if (signal.aborted) throw new Error('The import was stopped.');
    if (!header) {
      header = record;
      const missing = run.useHeader(header);
      if (missing) {
        parser.destroy();
        await run.fail([{ line: 1, message: missing }]);
        await rm(path, { force: true });
        return;
      }
      continue;
    }
    while (refusals.length > 0 && (refusals[0]?.line ?? 0) < info.lines)
      await run.row(refusals.shift() as FileRow, info.bytes);
    await run.row({ line: info.lines, cells: record }, info.bytes);
  }
  for (const refusal of refusals) await run.row(refusal, job.total_bytes);
  if (header) await run.finish();
  else await run.fail([{ line: 1, message: 'The file is empty.' }]);
  await rm(path, { force: true });
  await runtime.data.refreshStatistics(['newsletter_subscribers', 'newsletter_memberships']);
}

/** One run of an import: its columns, its batch, its counts. */
class ImportRun {
  private readonly progress: ImportProgress;
  /** Rows a previous run recorded already: skipped. */
  private toSkip: number;
  private batch: Candidate[] = [];
  private rowsInBatch = 0;
  private columns = { email: -1, name: -1, language: -1 };

  constructor(
    private readonly runtime: Runtime,
    private readonly site: Site,
    private readonly job: ImportView,
    private readonly lists: number[],
  ) {
    const { read_bytes, rows_read, created_count, merged_count, invalid_count, problems } = job;
    this.progress = { read_bytes, rows_read, created_count, merged_count, invalid_count, problems };
    this.toSkip = rows_read;
  }

  /** Finds the mapped columns in the header row; the message when the email's is not there. */
  useHeader(header: readonly string[]): string | null {
    const at = (name: string | null) =>
      name === null ? -1 : header.findIndex((cell) => cell.trim() === name);
    const { mapping } = this.job;
    this.columns = { email: at(mapping.email), name: at(mapping.name), language: at(mapping.language) };
    return (
      Object.values(
        missingColumns(
          header.map((cell) => cell.trim()),
          { ...mapping, name: null, language: null },
        ),
      )[0] ?? null
    );
  }

  problem(line: number, message: string): void {
    this.progress.invalid_count += 1;
    if (this.progress.problems.length < PROBLEMS_KEPT) this.progress.problems.push({ line, message });
  }

  async row(row: FileRow, bytes: number): Promise<void> {
    if (this.toSkip > 0) {
      this.toSkip -= 1;
      return;
    }
    this.rowsInBatch += 1;
    this.progress.read_bytes = Math.max(this.progress.read_bytes, Math.min(bytes, this.job.total_bytes));
    if ('problem' in row) this.problem(row.line, row.problem);
    else this.candidate(row.line, row.cells);
    if (this.rowsInBatch >= IMPORT_BATCH) await this.flush();
  }

  private candidate(line: number, cells: readonly string[]): void {
    const cell = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
    const typed = cell(this.columns.email);
    const email = subscriberAddress(typed);
    if (typed === '') this.problem(line, 'The email is empty.');
    else if (!email) this.problem(line, `${typed.slice(0, 100)} is not an email address.`);
    else
      this.batch.push({
        line,
        email,
        name: [...cell(this.columns.name)].slice(0, NAME_MAX).join(''),
        language: subscriberLanguage(cell(this.columns.language)),
      });
  }

  /** Writes the batch and the progress in one transaction. */
  private async flush(): Promise<void> {
    const batch = this.batch;
    const rows = this.rowsInBatch;
    await this.runtime.data.transaction(async (tx) => {
      const db = tx.site(this.site.id);
      const counts = await this.write(new SubscribersRepo(db), batch);
      this.progress.rows_read += rows;
      this.progress.created_count += counts.created;
      this.progress.merged_count += counts.merged;
      await new ImportsRepo(db).progress(this.job.id, this.progress);
    });
    this.batch = [];
    this.rowsInBatch = 0;
  }

  private async write(repo: SubscribersRepo, batch: readonly Candidate[]) {
    // The same address twice in the batch: one subscriber, the later row filling what is empty.
    const byEmail = new Map<string, Candidate>();
    let merged = 0;
    for (const candidate of batch) {
      const seen = byEmail.get(candidate.email);
      if (!seen) byEmail.set(candidate.email, { ...candidate });
      else {
        merged += 1;
        seen.name ||= candidate.name;
        seen.language ??= candidate.language;
      }
    }
    const existing = await repo.byEmails([...byEmail.keys()]);
    const at = new Date().toISOString();
    const joining: number[] = [];
    const fresh: NewSubscriber[] = [];
    const subscribed = this.job.subscriber_status === 'subscribed';
    for (const candidate of byEmail.values()) {
      const row = existing.get(candidate.email);
      if (!row) {
        fresh.push({
          email: candidate.email,
          name: candidate.name,
          status: this.job.subscriber_status,
          language: candidate.language,
          source: 'import',
          consent_at: subscribed ? at : null,
          consent_ip: null,
          confirmed_at: null,
          at,
        });
        continue;
      }
      merged += 1;
      const changes = {
        ...(row.name === '' && candidate.name !== '' ? { name: candidate.name } : {}),
        ...(row.language === null && candidate.language !== null ? { language: candidate.language } : {}),
      };
      if (Object.keys(changes).length > 0) await repo.update(row.id, changes, at);
      // Someone who left (unsubscribed, bounced, complained) is not put back on lists either.
      if (row.status === 'subscribed' || row.status === 'pending') joining.push(row.id);
    }
    const inserted = await repo.insertMany(fresh);
    await repo.join([...joining, ...inserted.map((row) => row.id)], this.lists);
    if (!subscribed) {
      const origin = siteUrlOf(this.runtime, this.site);
      const added = new Map(fresh.map((row) => [row.email, row]));
      for (const { id, email } of inserted) {
        const row = added.get(email);
        if (row) await mailConfirmation(this.runtime, this.site, { id, ...row }, origin);
      }
    }
    // An address taken by a form post between the look-up and the insert counts as merged.
    return { created: inserted.length, merged: merged + fresh.length - inserted.length };
  }

  async finish(): Promise<void> {
    if (this.rowsInBatch > 0) await this.flush();
    const imports = new ImportsRepo(this.runtime.data.site(this.site.id));
    await imports.progress(this.job.id, { ...this.progress, read_bytes: this.job.total_bytes });
    await imports.finish(this.job.id, 'done', new Date().toISOString());
  }

  async fail(problems: ImportProblem[]): Promise<void> {
    await new ImportsRepo(this.runtime.data.site(this.site.id)).finish(
      this.job.id,
      'failed',
      new Date().toISOString(),
      problems,
    );
  }
}
