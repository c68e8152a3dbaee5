import type { ActivityEntryView } from './schemas.js';

export const CSV_HEADER = [
  'id',
  'created_at',
  'user_id',
  'user_email',
  'action',
  'subject_type',
  'subject_id',
  'ip',
  'details',
];

/**
 * One CSV field, quoted when needed. Cells a spreadsheet would read as a formula (=, +, -, @, tab,
 * carriage return) get a leading apostrophe, so an exported log cannot run code on the reader.
 */
export function csvField(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export function activityCsvLine(entry: ActivityEntryView): string {
  return csvLine([
    entry.id,
    entry.created_at,
    entry.user?.id ?? '',
    entry.user?.email ?? '',
    entry.action,
    entry.subject_type,
    entry.subject_id,
    entry.ip,
    entry.details,
  ]);
}
