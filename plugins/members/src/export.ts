import type { FieldDefinition } from '@tessera/plugin';
import type { Member, Plan } from './model.js';

/**
 * Members as CSV for spreadsheets: RFC 4180, UTF-8 with a byte order mark (Excel reads the accents),
 * and no cell a spreadsheet would run as a formula; written a page of members at a time.
 */
const BOM = '\uFEFF';
const LINE_END = '\r\n';

/** A text a spreadsheet would take for a formula (=, +, -, @, a tab or carriage return) gets a leading apostrophe. */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: readonly string[]) => cells.map(csvCell).join(',') + LINE_END;

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellOf).join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export async function* membersCsv(
  fields: readonly FieldDefinition[],
  plans: ReadonlyMap<number, Plan>,
  pages: AsyncIterable<readonly Member[]>,
): AsyncGenerator<string> {
  yield BOM +
    line([
      'account_id',
      'plan',
      'plan_name',
      'status',
      'comped',
      'started_at',
      ...fields.map((field) => field.label),
    ]);
  for await (const page of pages)
    yield page
      .map((member) => {
        const plan = plans.get(member.plan_id);
        return line([
          String(member.account_id),
          plan?.slug ?? '',
          plan?.name ?? '',
          member.status,
          member.comped ? 'yes' : 'no',
          member.started_at,
          ...fields.map((field) => cellOf(member.profile[field.key])),
        ]);
      })
      .join('');
}
