import { type FormField, isSingleBox, type Submission } from './records.js';

/** A submitted value as the admin shows it. */
export type ShownValue =
  | { kind: 'empty' }
  | { kind: 'ticked'; ticked: boolean }
  | { kind: 'text'; text: string }
  | { kind: 'files' };

/**
 * A field's value in a submission, read with the field as it was at the submission's version:
 * choices by their labels (a value no option has any more, as it is), a single box ticked or not,
 * several values one after another.
 */
export function shownValue(field: FormField, value: string | string[] | undefined): ShownValue {
  if (field.type === 'file') return { kind: 'files' };
  const values = (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (each) => each !== '',
  );
  if (isSingleBox(field)) return { kind: 'ticked', ticked: values.length > 0 };
  if (values.length === 0) return { kind: 'empty' };
  const labelOf = (each: string) => field.options.find((option) => option.value === each)?.label ?? each;
  return { kind: 'text', text: values.map(labelOf).join(', ') };
}

/** A line for the list: the first few fields given, `label: value`, files and boxes left out. */
export function summaryOf(submission: Submission, most = 3): Array<{ label: string; text: string }> {
  const lines: Array<{ label: string; text: string }> = [];
  for (const field of submission.fields) {
    if (lines.length >= most) break;
    const shown = shownValue(field, submission.values[field.name]);
    if (shown.kind === 'text') lines.push({ label: field.label, text: shown.text });
  }
  return lines;
}

/** A file's size in the units people read (kB, MB), in the interface's language. */
export function sizeText(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(size);
}
