import type { Form, FormField, Submission } from './model.js';

/**
 * Submissions as files: CSV for spreadsheets (RFC 4180, UTF-8 with a byte order mark so Excel reads
 * the accents, and no cell a spreadsheet would run as a formula) and JSON for programs. Both are
 * written piece by piece from pages of submissions, so a large export never sits whole in memory.
 */

/** A submission as exported: its values and the names of its files. */
export type ExportedSubmission = Omit<Submission, 'fields'>;

const BOM = '\uFEFF';
const LINE_END = '\r\n';

/**
 * One CSV cell. A text a spreadsheet would take for a formula (=, +, -, @, or a tab or carriage
 * return before one) gets a leading apostrophe, shown as text; quotes, commas and line breaks are
 * quoted.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + LINE_END;
}

/** The header: each field's label (of the form's current version), then when, in which language, read. */
export function csvHeader(fields: readonly FormField[]): string {
  return BOM + csvLine([...fields.map((field) => field.label), 'submitted_at', 'locale', 'read']);
}

/** A submission's row: several values joined by "; ", files by their names. */
export function csvRow(fields: readonly FormField[], submission: ExportedSubmission): string {
  const cells = fields.map((field) => {
    if (field.type === 'file')
      return submission.files
        .filter((file) => file.field === field.name)
        .map((file) => file.filename)
        .join('; ');
    const value = submission.values[field.name] ?? '';
    return Array.isArray(value) ? value.join('; ') : value;
  });
  return csvLine([
    ...cells,
    submission.created_at,
    submission.locale,
    submission.read_at === null ? 'no' : 'yes',
  ]);
}

export async function* csvPieces(
  fields: readonly FormField[],
  pages: AsyncIterable<readonly ExportedSubmission[]>,
): AsyncGenerator<string> {
  yield csvHeader(fields);
  for await (const page of pages) yield page.map((submission) => csvRow(fields, submission)).join('');
}

/** `{ form, submissions }`: the form as it is now (its fields, their labels), and every submission. */
export async function* jsonPieces(
  form: Pick<Form, 'id' | 'slug' | 'title' | 'version' | 'fields'>,
  pages: AsyncIterable<readonly ExportedSubmission[]>,
): AsyncGenerator<string> {
  const { id, slug, title, version, fields } = form;
  yield `{"form":${JSON.stringify({ id, slug, title, version, fields })},"submissions":[`;
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield (first ? '' : ',') + page.map((submission) => JSON.stringify(submission)).join(',');
    first = false;
  }
  yield ']}';
}

/** Everything the pieces hold, as one text: for tests and small exports. */
export async function joined(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}
