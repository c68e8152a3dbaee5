import { blankField, type FieldOption, type FieldType, type FormField, isSingleBox } from './records.js';

/**
 * A field as the builder holds it: the record, a key of its own that survives renames and moves
 * (React's key, the drag source, where a server message belongs), and whether its name still
 * follows its label. A saved field's name never follows: its stored submissions are keyed by it.
 */
export interface DraftField extends FormField {
  key: string;
  nameFollowsLabel: boolean;
}

/** The inputs the field editor may show; which ones a field has depends on its type. */
export type FieldInput =
  | 'label'
  | 'name'
  | 'help'
  | 'placeholder'
  | 'required'
  | 'default'
  | 'width'
  | 'options'
  | 'multiple'
  | 'min_length'
  | 'max_length'
  | 'min'
  | 'max'
  | 'min_date'
  | 'max_date'
  | 'pattern'
  | 'accept'
  | 'max_size_mb'
  | 'max_files'
  | 'consent_text'
  | 'consent_url';

const NAME_MOST = 40;
/** Letters NFKD does not take apart. */
const LIGATURES: Readonly<Record<string, string>> = { œ: 'oe', æ: 'ae', ß: 'ss' };
const TYPED = new Set<FieldType>(['text', 'email', 'phone', 'textarea']);
const CHOICES = new Set<FieldType>(['select', 'radio', 'checkbox']);

/**
 * A field's name from its label: lower case, accents dropped, anything else than a-z and 0-9 as
 * `_`, starting with a letter, at most 40 characters, and unlike the `taken` names (`email_2`).
 * `fallback` (the type's name) stands in for a label with no letter or digit.
 */
export function nameFromLabel(label: string, taken: Iterable<string>, fallback = 'field'): string {
  let base = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[œæß]/g, (letter) => LIGATURES[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (base === '') base = fallback;
  if (!/^[a-z]/.test(base)) base = `${fallback}_${base}`;
  base = base.slice(0, NAME_MOST).replace(/_+$/, '');
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${base.slice(0, NAME_MOST - suffix.length).replace(/_+$/, '')}${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** An option's value from its label, as a field's name is made (`Option 1` gives `option_1`). */
export const valueFromLabel = (label: string, taken: Iterable<string>): string =>
  nameFromLabel(label, taken, 'option');

/**
 * The inputs of a field of this type: what it is shown with on the site decides (a date has no
 * placeholder, a hidden field no help), and its current choices (a checkbox's options make it a
 * group, with a default among them; several files have a most).
 */
export function inputsOf(field: Pick<FormField, 'type' | 'multiple' | 'options'>): FieldInput[] {
  const { type } = field;
  const inputs: FieldInput[] = ['label', 'name'];
  if (type !== 'hidden') inputs.push('help', 'required', 'width');
  if (TYPED.has(type) || type === 'number' || (type === 'select' && !field.multiple))
    inputs.push('placeholder');
  if (type !== 'file' && !isSingleBox(field)) inputs.push('default');
  if (CHOICES.has(type)) inputs.push('options');
  if (type === 'select' || type === 'file') inputs.push('multiple');
  if (TYPED.has(type)) inputs.push('min_length', 'max_length');
  if (type === 'number') inputs.push('min', 'max');
  if (type === 'date') inputs.push('min_date', 'max_date');
  if (type === 'text' || type === 'phone') inputs.push('pattern');
  if (type === 'file') inputs.push('accept', 'max_size_mb');
  if (type === 'file' && field.multiple) inputs.push('max_files');
  if (type === 'consent') inputs.push('consent_text', 'consent_url');
  return inputs.filter((input) => !(type === 'consent' && input === 'required'));
}

/** The words a new field is made with, in the interface's language. */
export interface NewFieldWords {
  /** The type's name, the new field's label (`Email`). */
  label: string;
  /** `Option {{n}}` with the number put in. */
  option: (n: number) => string;
  consent: string;
}

/** A new field of a type, named from its label and unlike the form's other names. */
export function newField(
  type: FieldType,
  words: NewFieldWords,
  taken: Iterable<string>,
  key: string,
): DraftField {
  const options: FieldOption[] =
    type === 'select' || type === 'radio'
      ? [1, 2].map((n) => ({ value: valueFromLabel(words.option(n), []), label: words.option(n) }))
      : [];
  return {
    ...blankField(type, nameFromLabel(words.label, taken, type), words.label),
    key,
    nameFollowsLabel: true,
    options,
    consent_text: type === 'consent' ? words.consent : '',
  };
}

/** A saved field as the builder holds it: its name no longer follows its label. */
export const draftOf = (field: FormField, key: string): DraftField => ({
  ...field,
  key,
  nameFollowsLabel: false,
});

/**
 * The field as it is saved: only what its inputs show (a rule of an input the type does not have,
 * left from another choice, would be refused or, worse, silently applied), the builder's own keys
 * dropped.
 */
export function savedField(field: DraftField): FormField {
  const { key: _key, nameFollowsLabel: _follows, ...record } = field;
  const shown = new Set(inputsOf(field));
  const has = (input: FieldInput) => shown.has(input);
  return {
    ...record,
    help: has('help') ? record.help : '',
    placeholder: has('placeholder') ? record.placeholder : '',
    required: field.type === 'consent' ? true : has('required') ? record.required : false,
    default: has('default') && record.default !== '' ? record.default : null,
    width: has('width') ? record.width : 'full',
    options: has('options') ? record.options : [],
    multiple: has('multiple') ? record.multiple : false,
    min_length: has('min_length') ? record.min_length : null,
    max_length: has('max_length') ? record.max_length : null,
    min: has('min') ? record.min : null,
    max: has('max') ? record.max : null,
    min_date: has('min_date') ? record.min_date : null,
    max_date: has('max_date') ? record.max_date : null,
    pattern: has('pattern') && record.pattern !== '' ? record.pattern : null,
    accept: has('accept') ? record.accept : [],
    max_size_mb: has('max_size_mb') ? record.max_size_mb : null,
    max_files: has('max_files') ? record.max_files : null,
    consent_text: has('consent_text') ? record.consent_text : '',
    consent_url: has('consent_url') && record.consent_url !== '' ? record.consent_url : null,
  };
}

/**
 * The field with a new label; its name follows while it has never been typed in, unlike the
 * form's other names.
 */
export function relabelled(field: DraftField, label: string, otherNames: Iterable<string>): DraftField {
  if (!field.nameFollowsLabel) return { ...field, label };
  return { ...field, label, name: nameFromLabel(label, otherNames, field.type) };
}

/** The list with the item at `from` moved to `to` (both indexes of the list as it is). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const next = [...list];
  const [item] = next.splice(from, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/**
 * Where a dragged item lands: dropped before the item at `gap` (0..length, length after the last)
 * it ends at `gap`, or one less when it came from above, its own place being gone.
 */
export const landingIndex = (from: number, gap: number): number => (from < gap ? gap - 1 : gap);

/** The list with `item` put at `index` (clamped: past the end, last). */
export function inserted<T>(list: readonly T[], index: number, item: T): T[] {
  const at = Math.max(0, Math.min(list.length, index));
  return [...list.slice(0, at), item, ...list.slice(at)];
}

/**
 * The options with a label changed: a value that was made from the old label follows the new one
 * (a value typed apart stays).
 */
export function optionRelabelled(
  options: readonly FieldOption[],
  index: number,
  label: string,
): FieldOption[] {
  return options.map((option, at) => {
    if (at !== index) return option;
    const others = options.filter((_, other) => other !== at).map((each) => each.value);
    const derived = option.value === valueFromLabel(option.label, others);
    return { label, value: derived ? valueFromLabel(label, others) : option.value };
  });
}
