/**
 * The forms plugin's records as its routes answer them (the contract between its server half and
 * this admin module), and the site's public information the builder reads.
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
  name: string;
  type: FieldType;
  label: string;
  help: string;
  placeholder: string;
  required: boolean;
  /** For a select with several choices or a checkbox group: the values joined by '\n'. */
  default: string | null;
  width: 'full' | 'half';
  options: FieldOption[];
  multiple: boolean;
  min_length: number | null;
  max_length: number | null;
  min: number | null;
  max: number | null;
  min_date: string | null;
  max_date: string | null;
  pattern: string | null;
  accept: string[];
  max_size_mb: number | null;
  max_files: number | null;
  consent_text: string;
  consent_url: string | null;
}

export type FormSuccess = { kind: 'message'; message: string } | { kind: 'redirect'; to: string };

export interface FormSettings {
  submit_label: string;
  success: FormSuccess;
  recipients: string[];
  reply_to_field: string | null;
  confirmation: { enabled: boolean; email_field: string | null };
  per_minute: number | null;
  min_seconds: number | null;
  max_links: number | null;
}

export interface FieldTranslation {
  label?: string;
  help?: string;
  placeholder?: string;
  consent_text?: string;
  options?: Record<string, string>;
}

export interface FormTranslation {
  title?: string;
  submit_label?: string;
  success_message?: string;
  fields: Record<string, FieldTranslation>;
}

export type Refusals = Record<
  'honeypot' | 'too_fast' | 'token' | 'rate_limited' | 'links' | 'origin',
  number
>;

export interface Form {
  id: number;
  slug: string;
  title: string;
  fields: FormField[];
  settings: FormSettings;
  translations: Record<string, FormTranslation>;
  version: number;
  submission_count: number;
  unread_count: number;
  refusals: Refusals;
  created_at: string;
  updated_at: string;
}

export interface SubmittedFile {
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
  fields: FormField[];
  values: Record<string, string | string[]>;
  files: SubmittedFile[];
  locale: string;
  created_at: string;
  read_at: string | null;
}

export interface SubmissionPage {
  items: Submission[];
  total: number;
  page: number;
  per_page: number;
}

/** What the body of PUT /forms/:id holds, and the preview's form. */
export interface FormDefinition {
  title: string;
  slug: string;
  fields: FormField[];
  settings: FormSettings;
  translations: Record<string, FormTranslation>;
}

/** GET /api/site: what the builder reads of it. */
export interface SiteInfo {
  default_locale: string;
  locales: string[];
  time_zone: string;
}

/** Every refusal of a form, whatever its reason. */
export const refusalsTotal = (refusals: Refusals): number =>
  Object.values(refusals).reduce((sum, count) => sum + count, 0);
