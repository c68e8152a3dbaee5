/**
 * The forms plugin's records, as the API answers them (the contract the admin half is built on).
 * A form is a list of fields, its settings and translations; each save that changes the fields
 * makes a new version, and each submission keeps the version it was made with.
 */

export const FIELD_TYPES = [
  'text',
  'email',
  'phone',
  'textarea',
  'select',
  'checkbox',
  'radio',
  'file',
  'number',
  'date',
  'hidden',
  'consent',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldOption {
  value: string;
  label: string;
}

export interface FormField {
  /** The key of its value: `^[a-z][a-z0-9_]{0,39}$`, unique in the form. */
  name: string;
  type: FieldType;
  label: string;
  help: string;
  placeholder: string;
  required: boolean;
  /** The value shown at first; several (select multiple, checkbox group) joined by `\n`. */
  default: string | null;
  width: 'full' | 'half';
  /** Select, radio and checkbox group; a checkbox without options is a single box. */
  options: FieldOption[];
  /** Select: several may be chosen; file: several files. */
  multiple: boolean;
  min_length: number | null;
  max_length: number | null;
  /** Number fields' bounds. */
  min: number | null;
  max: number | null;
  /** Date fields' bounds, yyyy-mm-dd. */
  min_date: string | null;
  max_date: string | null;
  /** Text and phone: a regular expression the whole value must match (as the browser's `pattern`). */
  pattern: string | null;
  /** File: MIME types or groups (`image`, `document`, `audio`, `video`, `archive`); [] = images and PDF. */
  accept: string[];
  max_size_mb: number | null;
  max_files: number | null;
  /** Consent: the sentence beside the box; a part in [brackets] links to `consent_url`. */
  consent_text: string;
  consent_url: string | null;
}

export type FormSuccess = { kind: 'message'; message: string } | { kind: 'redirect'; to: string };

export interface FormSettings {
  submit_label: string;
  success: FormSuccess;
  /** Where notifications go; [] = the site's administrators. */
  recipients: string[];
  /** An email field whose value is the notification's Reply-To. */
  reply_to_field: string | null;
  confirmation: { enabled: boolean; email_field: string | null };
  /** Null: the plugin's setting. */
  per_minute: number | null;
  min_seconds: number | null;
  max_links: number | null;
}

/** The form's texts in one of the site's languages; what is absent falls back to the form's own. */
export interface FormTranslation {
  title?: string;
  submit_label?: string;
  success_message?: string;
  fields: Record<
    string,
    {
      label?: string;
      help?: string;
      placeholder?: string;
      consent_text?: string;
      /** Option value -> label. */
      options?: Record<string, string>;
    }
  >;
}

/** What people write of a form: the body of a save, and what the preview renders. */
export interface FormDefinition {
  title: string;
  fields: FormField[];
  settings: FormSettings;
  translations: Record<string, FormTranslation>;
}

export const REFUSAL_REASONS = ['honeypot', 'too_fast', 'token', 'rate_limited', 'links', 'origin'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A form as the site shows it: its definition, address and version. */
export type LiveForm = FormDefinition & { id: number; slug: string; version: number };

export interface Form extends FormDefinition {
  id: number;
  slug: string;
  version: number;
  submission_count: number;
  unread_count: number;
  refusals: Record<RefusalReason, number>;
  created_at: string;
  updated_at: string;
}

/** Posted values by field name: one string, or several for a group or a multiple select. */
export type SubmittedValues = Record<string, string | string[]>;

export interface SubmissionFile {
  id: number;
  field: string;
  filename: string;
  content_type: string;
  size: number;
}

export interface Submission {
  id: number;
  form_id: number;
  form_version: number;
  /** The form's fields as they were at that version. */
  fields: FormField[];
  values: SubmittedValues;
  files: SubmissionFile[];
  locale: string;
  created_at: string;
  read_at: string | null;
}

export const NAME_PATTERN = '^[a-z][a-z0-9_]{0,39}$';
export const SLUG_PATTERN = '^[a-z0-9][a-z0-9-]{0,59}$';

export const MOST_FIELDS = 100;
export const MOST_OPTIONS = 100;
export const MOST_RECIPIENTS = 20;
export const MOST_FILES = 20;

/**
 * The longest value each type takes, whatever the field says: what the browser's `maxlength` is
 * held to and the server checks again. A field's own `max_length` may only lower it.
 */
export const LONGEST_VALUE: Record<FieldType, number> = {
  text: 1000,
  email: 254,
  phone: 40,
  textarea: 20_000,
  select: 200,
  checkbox: 200,
  radio: 200,
  file: 255,
  number: 40,
  date: 10,
  hidden: 1000,
  consent: 3,
};

/** The value a ticked single checkbox or consent box posts. */
export const TICKED = 'yes';

/**
 * The honeypot's name: people never see it, robots filling every input do. A field name starts
 * with a letter, so no field can take it.
 */
export const HONEYPOT = '_website';

/** Names a field may not take: the platform's form token travels beside the fields. */
export const RESERVED_NAMES: readonly string[] = ['form_token'];

/** Types whose value is one of the field's options (a checkbox only when it has options: a group). */
export function takesOptions(field: Pick<FormField, 'type' | 'options'>): boolean {
  return (
    field.type === 'select' ||
    field.type === 'radio' ||
    (field.type === 'checkbox' && field.options.length > 0)
  );
}

/** Fields whose value is a list: a multiple select, a checkbox group. */
export function isMultiValued(field: Pick<FormField, 'type' | 'options' | 'multiple'>): boolean {
  return (
    (field.type === 'select' && field.multiple) || (field.type === 'checkbox' && field.options.length > 0)
  );
}

/** A single box (a checkbox without options, a consent): ticked or not. */
export function isSingleBox(field: Pick<FormField, 'type' | 'options'>): boolean {
  return field.type === 'consent' || (field.type === 'checkbox' && field.options.length === 0);
}

export const DEFAULT_SETTINGS: FormSettings = {
  submit_label: 'Send',
  success: { kind: 'message', message: 'Thank you: your message has been sent.' },
  recipients: [],
  reply_to_field: null,
  confirmation: { enabled: false, email_field: null },
  per_minute: null,
  min_seconds: null,
  max_links: null,
};

/** A field as a save sends it: its name, type and label, and what else it sets. */
export type FieldInput = Pick<FormField, 'name' | 'type' | 'label'> & Partial<FormField>;

/**
 * A field as a save leaves it: what it left out takes the blank field's value, and what does not
 * apply to its type is cleared.
 */
export function fieldAsKept(input: FieldInput): FormField {
  const field: FormField = { ...blankField(input.type, input.name, input.label), ...input };
  const { type } = field;
  const textual = type === 'text' || type === 'email' || type === 'phone' || type === 'textarea';
  const choice = type === 'select' || type === 'radio' || type === 'checkbox';
  return {
    name: field.name,
    type,
    label: field.label.trim(),
    help: field.help.trim(),
    placeholder: type === 'hidden' || type === 'file' || isSingleBox(field) ? '' : field.placeholder.trim(),
    required: type === 'consent' ? true : field.required,
    default: type === 'file' || field.default === '' ? null : field.default,
    width: type === 'hidden' ? 'full' : field.width,
    options: choice
      ? field.options.map((option) => ({ value: option.value, label: option.label.trim() }))
      : [],
    multiple: type === 'select' || type === 'file' ? field.multiple : false,
    min_length: textual ? field.min_length : null,
    max_length: textual || type === 'hidden' ? field.max_length : null,
    min: type === 'number' ? field.min : null,
    max: type === 'number' ? field.max : null,
    min_date: type === 'date' ? field.min_date : null,
    max_date: type === 'date' ? field.max_date : null,
    pattern: (type === 'text' || type === 'phone') && field.pattern !== '' ? field.pattern : null,
    accept: type === 'file' ? field.accept : [],
    max_size_mb: type === 'file' ? field.max_size_mb : null,
    max_files: type === 'file' && field.multiple ? field.max_files : null,
    consent_text: type === 'consent' ? field.consent_text.trim() : '',
    consent_url: type === 'consent' && field.consent_url !== '' ? field.consent_url : null,
  };
}

/** A field of a type with nothing set but its name and label: what a new field starts as. */
export function blankField(type: FieldType, name: string, label: string): FormField {
  return {
    name,
    type,
    label,
    help: '',
    placeholder: '',
    required: type === 'consent',
    default: null,
    width: 'full',
    options: [],
    multiple: false,
    min_length: null,
    max_length: null,
    min: null,
    max: null,
    min_date: null,
    max_date: null,
    pattern: null,
    accept: [],
    max_size_mb: null,
    max_files: null,
    consent_text: '',
    consent_url: null,
  };
}

/**
 * What the `form.submitted` site event (webhooks) and the `forms.submitted` action hook carry: the
 * form, and the submission as kept (its files named, never their bytes).
 */
export interface SubmittedEvent {
  form: { id: number; slug: string; title: string };
  submission: Omit<Submission, 'fields' | 'read_at'>;
}
