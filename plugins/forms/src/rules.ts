import { acceptsFile } from './file-kinds.js';
import {
  type FormField,
  isMultiValued,
  isSingleBox,
  LONGEST_VALUE,
  type SubmittedValues,
  TICKED,
  takesOptions,
} from './model.js';
import { spelledDate, type Words, wordsFor } from './words.js';

/**
 * The rules of each field type, checked on the server as the browser checks them first (the form's
 * markup carries the same constraints): what a visitor posted, and the faults by field name in
 * their language.
 */

/** A file posted with a form, as the platform hands it over (its kind sniffed from its bytes). */
export interface PostedFile {
  field: string;
  filename: string;
  size: number;
  /** What its bytes are; null when nothing known was recognised. */
  type: string | null;
  /** Larger than the platform would read: its bytes were not kept. */
  tooLarge: boolean;
}

export interface SubmissionLimits {
  /** The plugin's `max_upload_mb`: a file field without its own limit is held to it. */
  maxUploadMb: number;
  /**
   * Whether the whole value matches a field's pattern. On the server, `plugin.patterns.matches`
   * (RE2, linear time): an administrator's pattern must never run in a backtracking engine on a
   * visitor's input there. The browser's own engine by default (the admin's checks).
   */
  matches?: (pattern: string, value: string) => boolean;
}

const MEGABYTE = 1024 * 1024;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const PHONE_CHARACTERS = /^\+?[0-9 ().\-/]+$/;
const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a yyyy-mm-dd string is a day of the calendar. */
export function isDate(value: string): boolean {
  const parts = DATE.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isEmail(value: string): boolean {
  return value.length <= LONGEST_VALUE.email && EMAIL.test(value);
}

export function isPhone(value: string): boolean {
  if (!PHONE_CHARACTERS.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20;
}

const compiled = new Map<string, RegExp | null>();

/**
 * A field's pattern as the browser runs it: the whole value must match, with the `v` flag browsers
 * compile `pattern` attributes with. Null when it does not compile.
 */
export function wholeValuePattern(pattern: string): RegExp | null {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(`^(?:${pattern})$`, 'v');
    } catch {
      regex = null;
    }
    if (compiled.size > 500) compiled.clear();
    compiled.set(pattern, regex);
  }
  return regex;
}

/** Line breaks as the browser counts them (a textarea's CR LF is one character). */
function text(value: string): string {
  return value.replace(/\r\n?/g, '\n').trim();
}

/**
 * The values a submission keeps, for the form's fields only (a file field's are its files): text
 * with its line breaks made LF, lists for a group or a multiple select (posted as repeated names or
 * joined by line feeds), single values otherwise. What is not a field of the form is dropped.
 */
export function submittedValues(
  fields: readonly FormField[],
  values: Readonly<SubmittedValues>,
): SubmittedValues {
  const kept: SubmittedValues = {};
  for (const field of fields) {
    if (field.type === 'file') continue;
    const raw = values[field.name];
    if (isMultiValued(field)) {
      const list = (Array.isArray(raw) ? raw : (raw ?? '').split('\n'))
        .map(text)
        .filter((value) => value !== '');
      kept[field.name] = [...new Set(list)];
    } else if (Array.isArray(raw)) {
      const list = raw.map(text).filter((value) => value !== '');
      kept[field.name] = list.length > 1 ? list : (list[0] ?? '');
    } else kept[field.name] = text(raw ?? '');
  }
  return kept;
}

/**
 * The faults of a submission, by field name, in the submitter's language (one per field, the
 * first found); an empty record when it may be kept. `files` are the posted files of every field.
 */
export function checkSubmission(
  fields: readonly FormField[],
  values: Readonly<SubmittedValues>,
  files: readonly PostedFile[],
  locale: string,
  limits: SubmissionLimits = { maxUploadMb: 10 },
): Record<string, string> {
  const words = wordsFor(locale);
  const kept = submittedValues(fields, values);
  const faults: Record<string, string> = {};
  for (const field of fields) {
    const fault =
      field.type === 'file'
        ? fileFault(
            field,
            files.filter((file) => file.field === field.name && !(file.filename === '' && file.size === 0)),
            words,
            limits,
          )
        : valueFault(field, kept[field.name] ?? '', words, locale, limits.matches);
    if (fault) faults[field.name] = fault;
  }
  return faults;
}

function valueFault(
  field: FormField,
  value: string | string[],
  words: Words,
  locale: string,
  matches: SubmissionLimits['matches'],
): string | null {
  if (isSingleBox(field)) {
    if (value === '')
      return field.type === 'consent' ? words.consent : field.required ? words.required : null;
    return value === TICKED ? null : words.notOffered;
  }
  if (isMultiValued(field)) {
    const list = Array.isArray(value) ? value : [value];
    if (list.length === 0) return field.required ? words.chooseAtLeastOne : null;
    return list.every((each) => field.options.some((option) => option.value === each))
      ? null
      : words.notOffered;
  }
  if (Array.isArray(value)) return takesOptions(field) ? words.onlyOne : words.notOffered;
  if (value === '') {
    if (!field.required) return null;
    return takesOptions(field) ? words.chooseOne : words.required;
  }
  if (takesOptions(field))
    return field.options.some((option) => option.value === value) ? null : words.notOffered;
  const longest = Math.min(field.max_length ?? LONGEST_VALUE[field.type], LONGEST_VALUE[field.type]);
  if (value.length > longest) return words.maxLength(longest);
  if (field.min_length !== null && value.length < field.min_length) return words.minLength(field.min_length);
  switch (field.type) {
    case 'email':
      return isEmail(value) ? null : words.email;
    case 'phone':
      return !isPhone(value) ? words.phone : patternFault(field, value, words, matches);
    case 'text':
      return patternFault(field, value, words, matches);
    case 'number': {
      if (!NUMBER.test(value) || !Number.isFinite(Number(value))) return words.number;
      const number = Number(value);
      if (field.min !== null && number < field.min) return words.min(field.min);
      if (field.max !== null && number > field.max) return words.max(field.max);
      return null;
    }
    case 'date':
      if (!isDate(value)) return words.date;
      if (field.min_date !== null && value < field.min_date)
        return words.minDate(spelledDate(field.min_date, locale));
      if (field.max_date !== null && value > field.max_date)
        return words.maxDate(spelledDate(field.max_date, locale));
      return null;
    default:
      return null;
  }
}

function patternFault(
  field: FormField,
  value: string,
  words: Words,
  matches: SubmissionLimits['matches'],
): string | null {
  if (field.pattern === null) return null;
  if (matches) return matches(field.pattern, value) ? null : words.pattern;
  const regex = wholeValuePattern(field.pattern);
  return regex === null || regex.test(value) ? null : words.pattern;
}

function fileFault(
  field: FormField,
  files: readonly PostedFile[],
  words: Words,
  limits: SubmissionLimits,
): string | null {
  if (files.length === 0) return field.required ? words.fileRequired : null;
  if (!field.multiple && files.length > 1) return words.oneFile;
  if (field.multiple && field.max_files !== null && files.length > field.max_files)
    return words.mostFiles(field.max_files);
  const megabytes = Math.min(field.max_size_mb ?? limits.maxUploadMb, limits.maxUploadMb);
  for (const file of files) {
    if (file.tooLarge || file.size > megabytes * MEGABYTE)
      return words.fileTooLarge(file.filename, megabytes);
    if (!acceptsFile(field.accept, file.type)) return words.fileKind(file.filename);
  }
  return null;
}
