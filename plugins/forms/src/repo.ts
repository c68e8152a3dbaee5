import type { PluginDb } from '@tessera/plugin';
import type { FormField, FormSettings, FormTranslation, LiveForm, RefusalReason } from './model.js';

/**
 * The plugin's tables, and the queries of forms and their versions. Every statement goes through
 * the site-scoped handle `plugin.db(ctx)` gives: a form of another site is not found.
 */

/**
 * Kysely's `Generated<T>` (an id the database gives), written out: a plugin imports nothing but
 * `@tessera/plugin`, which does not export it.
 */
type Generated<T> = { readonly __select__: T; readonly __insert__: T | undefined; readonly __update__: T };
type WithGeneratedId<Row extends { id: number }> = Omit<Row, 'id'> & { id: Generated<number> };

export interface FormRow {
  id: number;
  site_id: number;
  slug: string;
  title: string;
  /** JSON: FormField[] of the current version. */
  fields: string;
  /** JSON: FormSettings. */
  settings: string;
  /** JSON: Record<locale, FormTranslation>. */
  translations: string;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface FormVersionRow {
  site_id: number;
  form_id: number;
  version: number;
  fields: string;
  created_at: string;
}

export interface SubmissionRow {
  id: number;
  site_id: number;
  form_id: number;
  form_version: number;
  /** JSON: SubmittedValues. */
  values: string;
  search_text: string;
  locale: string;
  read_at: string | null;
  created_at: string;
}

export interface FileRow {
  id: number;
  site_id: number;
  submission_id: number;
  field: string;
  filename: string;
  content_type: string;
  size: number;
  storage_key: string;
  sha256: string;
  created_at: string;
}

export interface RefusalRow {
  site_id: number;
  form_id: number;
  reason: RefusalReason;
  count: number;
}

export interface FormsTables {
  forms_forms: WithGeneratedId<FormRow>;
  forms_form_versions: FormVersionRow;
  forms_submissions: WithGeneratedId<SubmissionRow>;
  forms_files: WithGeneratedId<FileRow>;
  forms_refusals: RefusalRow;
}

export type FormsDb = PluginDb<FormsTables>;

/** A form's row with its JSON read: what the site shows and the API answers of it. */
export function liveForm(row: FormRow): LiveForm {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    version: row.version,
    fields: JSON.parse(row.fields) as FormField[],
    settings: JSON.parse(row.settings) as FormSettings,
    translations: JSON.parse(row.translations) as Record<string, FormTranslation>,
  };
}

/** Newest first. */
export function listForms(db: FormsDb): Promise<FormRow[]> {
  return db
    .selectFrom('forms_forms')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findForm(db: FormsDb, id: number): Promise<FormRow | null> {
  return (await db.selectFrom('forms_forms').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findFormBySlug(db: FormsDb, slug: string): Promise<FormRow | null> {
  return (await db.selectFrom('forms_forms').selectAll().where('slug', '=', slug).executeTakeFirst()) ?? null;
}

/** The slugs starting with `stem`, to find a free one. */
export async function slugsLike(db: FormsDb, stem: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('forms_forms')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', stem), eb('slug', 'like', `${stem}-%`)]))
    .execute();
  return new Set(rows.map((row) => row.slug));
}

export async function insertForm(db: FormsDb, row: Omit<FormRow, 'id' | 'site_id'>): Promise<number> {
  const { id } = await db.insertInto('forms_forms', row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateForm(
  db: FormsDb,
  id: number,
  changes: Pick<
    FormRow,
    'slug' | 'title' | 'fields' | 'settings' | 'translations' | 'version' | 'updated_at'
  >,
): Promise<void> {
  await db.updateTable('forms_forms').set(changes).where('id', '=', id).execute();
}

export async function insertVersion(
  db: FormsDb,
  formId: number,
  version: number,
  fields: readonly FormField[],
  at: string,
): Promise<void> {
  await db
    .insertInto('forms_form_versions', {
      form_id: formId,
      version,
      fields: JSON.stringify(fields),
      created_at: at,
    })
    .execute();
}

/** The fields of each of these versions of a form, by version. */
export async function versionFields(
  db: FormsDb,
  formId: number,
  versions: readonly number[],
): Promise<Map<number, FormField[]>> {
  if (versions.length === 0) return new Map();
  const rows = await db
    .selectFrom('forms_form_versions')
    .select(['version', 'fields'])
    .where('form_id', '=', formId)
    .where('version', 'in', [...new Set(versions)])
    .execute();
  return new Map(rows.map((row) => [row.version, JSON.parse(row.fields) as FormField[]]));
}

/** Each form's submissions (or one form's), and how many of them were read. */
export async function submissionCounts(
  db: FormsDb,
  formId?: number,
): Promise<Map<number, { total: number; read: number }>> {
  let query = db
    .selectFrom('forms_submissions')
    .select((eb) => [
      'form_id',
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('read_at').as('read'),
    ])
    .groupBy('form_id');
  if (formId !== undefined) query = query.where('form_id', '=', formId);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.form_id, { total: Number(row.total), read: Number(row.read) }]));
}

/** Each form's refusals by reason (or one form's). */
export async function refusalCounts(db: FormsDb, formId?: number): Promise<RefusalRow[]> {
  let query = db.selectFrom('forms_refusals').selectAll();
  if (formId !== undefined) query = query.where('form_id', '=', formId);
  return query.execute();
}

/** A form and everything of it; the storage keys of its files, for the caller to delete. */
export async function deleteForm(db: FormsDb, id: number): Promise<string[]> {
  const submissions = db.selectFrom('forms_submissions').select('id').where('form_id', '=', id);
  const files = await db
    .selectFrom('forms_files')
    .select('storage_key')
    .where('submission_id', 'in', submissions)
    .execute();
  await db.deleteFrom('forms_files').where('submission_id', 'in', submissions).execute();
  await db.deleteFrom('forms_submissions').where('form_id', '=', id).execute();
  await db.deleteFrom('forms_form_versions').where('form_id', '=', id).execute();
  await db.deleteFrom('forms_refusals').where('form_id', '=', id).execute();
  await db.deleteFrom('forms_forms').where('id', '=', id).execute();
  return files.map((file) => file.storage_key);
}

/** Counts one refusal of a form's posts for `reason`. */
export async function countRefusal(db: FormsDb, formId: number, reason: RefusalReason): Promise<void> {
  await db
    .insertInto('forms_refusals', { form_id: formId, reason, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['site_id', 'form_id', 'reason'])
        .doUpdateSet((eb) => ({ count: eb('forms_refusals.count', '+', 1) })),
    )
    .execute();
}
