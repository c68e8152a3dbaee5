/**
 * The forms plugin's records as its routes answer them (the server half's model, the contract of
 * both halves), and what the admin adds: a page of submissions, the body of a save, the site's
 * public information the builder reads.
 */
import type { FormDefinition as Definition, Form, FormTranslation, Submission } from '../model.js';

export type {
  FieldOption,
  FieldType,
  Form,
  FormField,
  FormSettings,
  FormSuccess,
  FormTranslation,
  Submission,
  SubmissionFile,
} from '../model.js';
export { blankField, FIELD_TYPES, isMultiValued, isSingleBox, MOST_OPTIONS } from '../model.js';

/** A field's words in one language. */
export type FieldTranslation = FormTranslation['fields'][string];

export type Refusals = Form['refusals'];

export interface SubmissionPage {
  items: Submission[];
  total: number;
  page: number;
  per_page: number;
}

/** What the body of PUT /forms/:id holds; the preview takes it without the slug. */
export interface FormDefinition extends Definition {
  slug: string;
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
